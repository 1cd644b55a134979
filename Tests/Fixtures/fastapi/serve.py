"""Runs the FastAPI service of app.py with uvicorn on 127.0.0.1 on an ephemeral port, printing
the port on the first line of stdout (like fixture_server.py). Exits when stdin closes (the test
process ended) and after a hard lifetime cap (--lifetime seconds), so it never outlives the tests.

    .build/fastapi-venv/bin/python Tests/Fixtures/fastapi/serve.py --lifetime 300
"""

import argparse
import os
import socket
import sys
import threading

import uvicorn

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from app import app  # noqa: E402


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(1024):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=int, default=300)
    arguments = parser.parse_args()
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Timer(arguments.lifetime, lambda: os._exit(0)).start()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # connections wait in the backlog until uvicorn accepts them
    print(sock.getsockname()[1], flush=True)
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="off")
    uvicorn.Server(config).run(sockets=[sock])
    os._exit(0)


if __name__ == "__main__":
    main()
