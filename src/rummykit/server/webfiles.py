"""The browser client's files as the server sends them under ``/static`` (``rummykit/web``): each
as it lies in the package, but the stylesheets without their comments and needless spaces
(rcssmin), and every file compressed as the browser takes it: brotli at its best quality for a
browser that accepts ``br``, else gzip at its best level; each made once, when the server first
sends the file, and kept in memory with an ETag of its own. The sources stay commented and
readable; a phone parses and downloads less (docs/web.md, "The page's weight").

Scripts go as they are: rjsmin, the stylesheets' minifier's sibling, drops the space that ends a
template literal nested in another's substitution (`` `${`a `}` `` becomes `` `${`a`}` ``), and the
client's markup is written in such templates."""

from __future__ import annotations

import functools
import gzip
import hashlib
import os
from email.utils import formatdate
from importlib import resources
from mimetypes import guess_type
from pathlib import Path

import brotli
import rcssmin
from starlette.datastructures import Headers
from starlette.responses import Response
from starlette.staticfiles import NotModifiedResponse, StaticFiles
from starlette.types import Scope

WEB = Path(str(resources.files("rummykit") / "web")).resolve()
"""The client's files."""

ENCODINGS = ("br", "gzip")
"""The compressions the server sends a file in, the one it prefers first."""


@functools.cache
def minified(path: Path) -> bytes:
    """The stylesheet at ``path`` (resolved) without its comments and needless spaces."""
    return str(rcssmin.cssmin(path.read_text("utf-8"))).encode("utf-8")


def served(path: Path) -> bytes:
    """The file at ``path`` (under :data:`WEB`) as the server sends it, before compression."""
    resolved = path.resolve()
    return minified(resolved) if resolved.suffix == ".css" else resolved.read_bytes()


@functools.cache
def encoded(path: Path, encoding: str | None) -> tuple[bytes, str | None]:
    """The file at ``path`` (resolved) as sent to a browser taking ``encoding`` (one of
    :data:`ENCODINGS`, or None for none): its bytes and their encoding, None where compressing
    would not make it smaller."""
    body = served(path)
    if encoding == "br":
        packed = brotli.compress(body, quality=11)
    elif encoding == "gzip":
        packed = gzip.compress(body, compresslevel=9, mtime=0)
    else:
        return body, None
    return (packed, encoding) if len(packed) < len(body) else (body, None)


def accepted(header: str) -> str | None:
    """The first of :data:`ENCODINGS` that an ``Accept-Encoding`` header accepts (named, or
    ``*``, with a weight above 0), or None."""
    taken = set()
    for item in header.lower().split(","):
        name, _, param = (part.strip() for part in item.partition(";"))
        weight = param.removeprefix("q=").strip() if param.startswith("q=") else "1"
        try:
            if float(weight) > 0:
                taken.add(name)
        except ValueError:
            continue
    return next((encoding for encoding in ENCODINGS if encoding in taken or "*" in taken), None)


@functools.cache
def etag(path: Path, encoding: str | None) -> str:
    """The ETag of the file at ``path`` (resolved) in ``encoding``: its content's digest."""
    body, _ = encoded(path, encoding)
    return f'"{hashlib.sha256(body).hexdigest()[:32]}"'


class WebFiles(StaticFiles):
    """``StaticFiles`` of the client's files, each sent as :func:`encoded` makes it for the
    browser's ``Accept-Encoding`` (with an ETag of its content, so that a browser's kept copy is
    answered ``304 Not Modified``), and ``Cache-Control: no-cache``: a browser asks again before
    each use, so that an upgraded server's scripts replace the old at the next load."""

    def __init__(self) -> None:
        super().__init__(directory=WEB)
        for path in WEB.rglob("*.css"):
            minified(path.resolve())

    def file_response(
        self,
        full_path: str | os.PathLike[str],
        stat_result: os.stat_result,
        scope: Scope,
        status_code: int = 200,
    ) -> Response:
        path = Path(os.path.realpath(full_path))
        asked = Headers(scope=scope)
        body, encoding = encoded(path, accepted(asked.get("accept-encoding", "")))
        headers = {
            "etag": etag(path, encoding),
            "last-modified": formatdate(stat_result.st_mtime, usegmt=True),
            "vary": "Accept-Encoding",
            # asked again at each use (a 304 when unchanged): the files' names don't change with
            # their content, and a browser left to guess kept old scripts after an upgrade
            "cache-control": "no-cache",
        }
        if encoding is not None:
            headers["content-encoding"] = encoding
        media = "text/css" if path.suffix == ".css" else guess_type(path.name)[0] or "text/plain"
        response = Response(body, status_code=status_code, media_type=media, headers=headers)
        if self.is_not_modified(response.headers, asked):
            return NotModifiedResponse(response.headers)
        return response
