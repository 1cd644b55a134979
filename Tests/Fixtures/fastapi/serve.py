"""Runs an ASGI service (the `app` of app.py beside this file, FastAPI's, or of the file --app names,
e.g. ../litestar/app.py; a WSGI one, ../flask-smorest/app.py, when the module sets `INTERFACE = "wsgi"`) with uvicorn on 127.0.0.1 on an ephemeral port, printing the port on the
first line of stdout (like fixture_server.py). Exits when stdin closes (the test process ended) and
after a hard lifetime cap (--lifetime seconds), so it never outlives the tests.

    .build/frameworks-venv/bin/python Tests/Fixtures/fastapi/serve.py --lifetime 300 [--app path/to/app.py]
"""

import argparse
import importlib.util
import os
import socket
import sys
import threading

import uvicorn


def exit_when_stdin_closes():
    while sys.stdin.buffer.read(1024):
        pass
    os._exit(0)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--lifetime", type=int, default=300)
    parser.add_argument("--app", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "app.py"))
    arguments = parser.parse_args()
    spec = importlib.util.spec_from_file_location("app", arguments.app)
    module = importlib.util.module_from_spec(spec)
    sys.modules["app"] = module  # the models' module, where the frameworks resolve annotations
    spec.loader.exec_module(module)
    threading.Thread(target=exit_when_stdin_closes, daemon=True).start()
    threading.Timer(arguments.lifetime, lambda: os._exit(0)).start()
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    sock.listen(128)  # connections wait in the backlog until uvicorn accepts them
    print(sock.getsockname()[1], flush=True)
    # A WSGI app (Flask's) says so with `INTERFACE = "wsgi"`: uvicorn runs it in its thread pool.
    interface = getattr(module, "INTERFACE", "auto")
    config = uvicorn.Config(module.app, log_level="warning", access_log=False, lifespan="off", interface=interface)
    uvicorn.Server(config).run(sockets=[sock])
    os._exit(0)


if __name__ == "__main__":
    main()
