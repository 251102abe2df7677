"""The browser client's files as the server sends them under ``/static`` (``rummykit/web``): each
as it lies in the package, but the stylesheets without their comments and needless spaces
(rcssmin), made once when the server starts and kept in memory. The sources stay commented and
readable; a phone parses and downloads less (docs/web.md, "The page's weight").

Scripts go as they are: rjsmin, the stylesheets' minifier's sibling, drops the space that ends a
template literal nested in another's substitution (`` `${`a `}` `` becomes `` `${`a`}` ``), and the
client's markup is written in such templates."""

from __future__ import annotations

import functools
import hashlib
import os
from email.utils import formatdate
from importlib import resources
from pathlib import Path

import rcssmin
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

WEB = Path(str(resources.files("rummykit") / "web")).resolve()
"""The client's files."""


@functools.cache
def minified(path: Path) -> bytes:
    """The stylesheet at ``path`` (resolved) without its comments and needless spaces."""
    return str(rcssmin.cssmin(path.read_text("utf-8"))).encode("utf-8")


def served(path: Path) -> bytes:
    """The file at ``path`` (under :data:`WEB`) as the server sends it."""
    resolved = path.resolve()
    return minified(resolved) if resolved.suffix == ".css" else resolved.read_bytes()


class WebFiles(StaticFiles):
    """``StaticFiles`` of the client's files, each stylesheet sent as :func:`served` gives it (with
    an ETag of its content, so that a browser's kept copy is answered ``304 Not Modified``)."""

    def __init__(self) -> None:
        super().__init__(directory=WEB)
        self.sheets = {str(path): minified(path) for path in WEB.rglob("*.css")}
        self.etags = {key: f'"{hashlib.sha256(body).hexdigest()[:32]}"' for key, body in self.sheets.items()}

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        key = os.path.realpath(full_path)
        body = self.sheets.get(key)
        if body is None:
            return super().file_response(full_path, stat_result, scope, status_code)
        headers = {
            "etag": self.etags[key],
            "last-modified": formatdate(stat_result.st_mtime, usegmt=True),
        }
        response = Response(body, status_code=status_code, media_type="text/css", headers=headers)
        if self.is_not_modified(response.headers, Headers(scope=scope)):
            return NotModifiedResponse(response.headers)
        return response
