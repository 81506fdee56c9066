"""What the tests of catalog screen share with other tests (import_file): kept here, since a test
module imports no other test module."""

from __future__ import annotations

import io

from tests.support.web_fixtures import csrf_token_for


def import_file(client, body: bytes):
    """Post a catalog file to the catalog screen's import, as a browser uploads it."""
    return client.post(
        "/catalog/import",
        data={"csrf_token": csrf_token_for(client), "file": (io.BytesIO(body), "catalog.json")},
        content_type="multipart/form-data",
    )
