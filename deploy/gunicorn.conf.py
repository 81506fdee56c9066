"""gunicorn settings for Palazzo as several processes on one PostgreSQL database.

    PALAZZO_DATABASE_URL=postgresql://palazzo@localhost/palazzo \
    PALAZZO_INSTANCE=/var/lib/palazzo PALAZZO_TRUSTED_PROXIES=1 \
    .venv/bin/gunicorn -c deploy/gunicorn.conf.py

Every worker is a gevent process holding hundreds of live streams; an event recorded by one
worker reaches the streams of all the others through PostgreSQL LISTEN/NOTIFY. All workers
must share one instance folder (the session key, the learned catalog, the hosts' join links).
Put nginx in front (deploy/nginx.conf) to serve on port 80/443 and to spread clients over
several machines' gunicorns; with SQLite, run one process only (`palazzo serve`).
"""

import os

wsgi_app = "companion.web:create_app()"
bind = os.environ.get("PALAZZO_BIND", "127.0.0.1:5001")
workers = int(os.environ.get("PALAZZO_WORKERS", "2"))
worker_class = "gevent"
worker_connections = 4000  # open sockets per worker: streams, pages, keep-alives
keepalive = 75  # seconds; a live stream writes a keep-alive comment every 15 s
timeout = 30  # a worker that stops answering its arbiter is restarted
graceful_timeout = 10  # streams end on shutdown; browsers reconnect within a second
accesslog = None  # join links carry tokens in their path: no access log
errorlog = "-"
loglevel = "info"
