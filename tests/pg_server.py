"""A throwaway PostgreSQL server for tests and benchmarks: initdb in a temporary directory, started
with pg_ctl on a free loopback port, stopped and deleted afterwards.

PostgreSQL refuses to run as root; when we are root the server runs as the distribution's
``postgres`` user (or a dedicated unprivileged user created for it).
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
from pathlib import Path

SERVER_USER = "railbot-pg"
"""The unprivileged user created to run the server when we are root and ``postgres`` is missing."""

SKIP_REASON = (
    "PostgreSQL server binaries not found (pg_config --bindir, /usr/lib/postgresql/*/bin): "
    "the PostgreSQL store tests were skipped"
)


def bindir() -> Path | None:
    """Where initdb and pg_ctl live, or None when the server is not installed."""
    candidates: list[str] = []
    if shutil.which("pg_config"):
        out = subprocess.run(["pg_config", "--bindir"], capture_output=True, text=True)
        candidates.append(out.stdout.strip())
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), reverse=True)
    for path in candidates:
        if path and (Path(path) / "initdb").is_file() and (Path(path) / "pg_ctl").is_file():
            return Path(path)
    return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _server_user() -> str | None:
    """The user to run the server as: None for ourselves (not root)."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", SERVER_USER):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", SERVER_USER],
        check=True, capture_output=True,
    )
    return SERVER_USER


class PgServer:
    """One cluster; :attr:`url` connects to its ``postgres`` database as superuser ``railbot``."""

    def __init__(self, *, durable: bool = False) -> None:
        found = bindir()
        if found is None:
            raise RuntimeError(SKIP_REASON)
        self.bin = found
        self.durable = durable
        """Keep PostgreSQL's default flushes (benchmarks); tests run without them."""
        self.user = _server_user()
        self.dir = Path(tempfile.mkdtemp(prefix="railbot-pg-"))
        self.port = _free_port()
        self.url = f"postgresql://railbot@127.0.0.1:{self.port}/postgres"
        self._databases = 0
        self._options = ""

    def _run(self, *args: str) -> None:
        cmd = [str(self.bin / args[0]), *args[1:]]
        if self.user is not None:
            cmd = ["runuser", "-u", self.user, "--", *cmd]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"{args[0]} failed: {done.stdout}{done.stderr}")

    def start(self) -> PgServer:
        if self.user is not None:
            shutil.chown(self.dir, self.user)
        data = self.dir / "data"
        self._run("initdb", "-D", str(data), "-U", "railbot", "-A", "trust", "-E", "UTF8",
                  "--locale=C", "--no-sync")
        options = [f"-p {self.port}", f"-k {self.dir}", "-c listen_addresses=127.0.0.1",
                   "-c max_connections=200"]
        if not self.durable:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        self._options = " ".join(options)
        self.resume()
        return self

    def halt(self, mode: str = "fast") -> None:
        """Stop the server (keeping its data) as an operator or a crash would: ``fast`` ends
        every connection, ``immediate`` is a crash."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", mode, "-w", "stop")

    def resume(self) -> None:
        """Start the server (again) on the same port and data."""
        self._run("pg_ctl", "-D", str(self.dir / "data"), "-l", str(self.dir / "log"), "-w",
                  "-o", self._options, "start")

    def stop(self) -> None:
        try:
            self._run("pg_ctl", "-D", str(self.dir / "data"), "-m", "immediate", "-w", "stop")
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)

    def new_database(self) -> str:
        """A fresh, empty database on this server; its URL."""
        self._databases += 1
        name = f"t{self._databases}"
        done = subprocess.run(
            [str(self.bin / "psql"), "-h", "127.0.0.1", "-p", str(self.port), "-U", "railbot",
             "-d", "postgres", "-q", "-c", f"CREATE DATABASE {name}"],
            capture_output=True, text=True,
        )
        if done.returncode != 0:
            raise RuntimeError(f"creating database {name} failed: {done.stderr}")
        return f"postgresql://railbot@127.0.0.1:{self.port}/{name}"


if __name__ == "__main__":  # `make test` says up front whether the PostgreSQL tests will run
    found = bindir()
    if found is None:
        print(f"NOTE: {SKIP_REASON}.")
    else:
        print(f"PostgreSQL tests run on a throwaway server from {found}.")
