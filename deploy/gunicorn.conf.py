"""gunicorn settings for Palazzo as several processes on one PostgreSQL database.

    PALAZZO_DATABASE_URL=postgresql://palazzo@/palazzo?host=/var/run/postgresql \
    PALAZZO_INSTANCE=/var/lib/palazzo PALAZZO_TRUSTED_PROXIES=1 \
    gunicorn -c gunicorn.conf.py

(deploy/palazzo.service runs exactly that at boot; docs/deploy.md, "Serving a games club".)
Every worker is a gevent process holding hundreds of live streams; an event recorded by one
worker reaches the streams of all the others through PostgreSQL LISTEN/NOTIFY, and who is at
the table is kept in the database too. All workers must share one instance folder (the
session key, the learned catalog, the hosts' join links). Put nginx in front
(deploy/nginx.conf); with SQLite, run one process only (`palazzo serve`).

Each worker checks its settings and its database before serving (companion/web/startup.py):
one that cannot use them logs why and exits with gunicorn's boot-error code, and gunicorn
then stops ("Worker failed to boot") instead of answering every page with an error.
"""

import os
import sys

wsgi_app = "companion.app:create_app()"
bind = os.environ.get("PALAZZO_BIND", "127.0.0.1:5001")
workers = int(os.environ.get("PALAZZO_WORKERS", "2"))
worker_class = "gevent"
worker_connections = 4000  # open sockets per worker: streams, pages, keep-alives
keepalive = 75  # seconds; a live stream writes a keep-alive comment every 15 s
timeout = 30  # a worker that stops answering its arbiter is restarted
graceful_timeout = 10  # streams end on shutdown; browsers reconnect within a second
accesslog = None  # join links carry tokens in their path: no access log
# No `gunicornc` control socket (gunicorn 25.1+ opens one in $HOME by default): nothing here
# uses it, and two gunicorns of one user would share its path.
control_socket_disable = True
errorlog = "-"
loglevel = "info"

WORKER_BOOT_ERROR = 3  # gunicorn's arbiter halts when a worker exits with this code


def post_worker_init(worker):
    """Before the worker takes its first request: can it serve? (gevent is patched by now.)"""
    from companion.web.startup import check, shown

    app = worker.wsgi
    problem = check(app)
    if problem:
        worker.log.error("Palazzo cannot start: %s", problem)
        sys.exit(WORKER_BOOT_ERROR)
    worker.log.info(
        "Palazzo worker %s serves, on %s", worker.pid, shown(app.config["DATABASE_URL"])
    )
    from companion.serve import settle_memory

    settle_memory()  # the GC sweeps what requests leave, not the app (as `palazzo serve`)
    if worker.cfg.workers > 1 and not app.config["DATABASE_URL"].startswith("postgres"):
        worker.log.warning(
            "Palazzo: %d workers on SQLite answer 'who is here' each for itself; use "
            "PostgreSQL (PALAZZO_DATABASE_URL) for several workers, or PALAZZO_WORKERS=1",
            worker.cfg.workers,
        )
