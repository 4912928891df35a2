"""A throwaway PostgreSQL server in a temporary folder, for the tests and the benches:

    server = start_server()            # initdb + pg_ctl start; NoServer without binaries
    url = server.create_database()     # postgresql://postgres@/t_1?host=...&port=...
    ...
    server.stop()                      # stopped and removed

It runs Debian's PostgreSQL binaries (the newest /usr/lib/postgresql/*/bin, or PG_BIN): a free
local port on 127.0.0.1, the unix socket in that folder, no fsync. PostgreSQL refuses to run
as root, so as root the server runs as the ``postgres`` system user (runuser) in a folder it
owns."""
from __future__ import annotations

import glob
import itertools
import os
import pwd
import re
import shutil
import socket
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

SUPERUSER = "postgres"


def find_bin() -> Path | None:
    """The newest PostgreSQL server binaries (the folder holding pg_ctl and initdb)."""
    if os.environ.get("PG_BIN"):
        return Path(os.environ["PG_BIN"])

    def version(path: str) -> tuple[int, ...]:
        m = re.search(r"/postgresql/([\d.]+)/bin", path)
        return tuple(int(x) for x in m.group(1).split(".")) if m else (0,)
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/pg_ctl"), key=version)
    return Path(found[-1]).parent if found else None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class PgServer:
    bin: Path
    folder: Path
    port: int
    as_user: list[str]
    _numbers = itertools.count(1)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    def url(self, dbname: str = "postgres") -> str:
        """A URL over the unix socket in the server's folder."""
        return f"postgresql://{SUPERUSER}@/{dbname}?host={self.folder}&port={self.port}"

    def run(self, tool: str, *args: str, timeout: float = 60) -> None:
        proc = subprocess.run([*self.as_user, str(self.bin / tool), *args], capture_output=True,
                              text=True, timeout=timeout)
        if proc.returncode != 0:
            log = self.folder / "server.log"
            tail = log.read_text()[-2000:] if log.exists() else ""
            raise RuntimeError(f"{tool} failed ({proc.returncode}): {proc.stdout}{proc.stderr}{tail}")

    def start(self) -> None:
        self.run("initdb", "-D", str(self.data), "-U", SUPERUSER, "-A", "trust", "-E", "UTF8",
                 "--locale=C", "--no-sync", "--no-instructions")
        options = (f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1"
                   " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                   " -c max_connections=60 -c shared_buffers=16MB")
        self.run("pg_ctl", "start", "-w", "-t", "30", "-D", str(self.data),
                 "-l", str(self.folder / "server.log"), "-o", options)

    def stop(self) -> None:
        try:
            self.run("pg_ctl", "stop", "-D", str(self.data), "-m", "immediate", "-w", timeout=30)
        finally:
            shutil.rmtree(self.folder, ignore_errors=True)

    def major(self) -> int:
        m = re.search(r"/postgresql/(\d+)", str(self.bin))
        return int(m.group(1)) if m else 0

    def create_database(self) -> str:
        """A new empty database; its URL."""
        name = f"t_{next(self._numbers)}"
        fast = ["--strategy=file_copy"] if self.major() >= 15 else []   # no WAL copy of template0
        self.run("createdb", "-h", str(self.folder), "-p", str(self.port), "-U", SUPERUSER,
                 "-T", "template0", *fast, name)
        return self.url(name)


class NoServer(RuntimeError):
    """No PostgreSQL server binaries on this machine."""


def start_server() -> PgServer:
    """A running throwaway server (``stop()`` it); NoServer without server binaries."""
    bin_dir = find_bin()
    if bin_dir is None or not (bin_dir / "pg_ctl").exists():
        raise NoServer("PostgreSQL server binaries not found (/usr/lib/postgresql/*/bin/pg_ctl): "
                       "apt-get install postgresql, or run scripts/test")
    folder = Path(tempfile.mkdtemp(prefix="tablemaster-pg-"))
    as_user: list[str] = []
    if os.geteuid() == 0:        # PostgreSQL will not run as root
        user = pwd.getpwnam(SUPERUSER)
        os.chown(folder, user.pw_uid, user.pw_gid)
        as_user = ["runuser", "-u", SUPERUSER, "--"]
    server = PgServer(bin_dir, folder, _free_port(), as_user)
    try:
        server.start()
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return server
