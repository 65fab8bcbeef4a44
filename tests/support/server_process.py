"""The real umpire-server as a child process, for the Python tests: started on 127.0.0.1 with
port 0, its port read from the start banner on stdout (logs go to `log`), and stopped."""
import re
import subprocess
import threading
import time


def start(args, log, timeout=60):
    """Starts umpire-server with `args` (which bind 127.0.0.1, port 0). Returns (process, port)
    once the banner is out; raises SystemExit naming `log` when it does not start. The rest of
    stdout is drained so the server never blocks on a full pipe."""
    proc = subprocess.Popen(args, stdout=subprocess.PIPE, stderr=log, text=True)
    port = None
    deadline = time.time() + timeout
    while time.time() < deadline:
        line = proc.stdout.readline()
        if not line:
            break
        m = re.search(r"http://127\.0\.0\.1:(\d+)/", line)
        if m and port is None:
            port = int(m.group(1))
        if "Stop with" in line:
            break
    if port is None:
        stop(proc)
        raise SystemExit("the server did not start; see " + getattr(log, "name", "its log"))
    threading.Thread(target=proc.stdout.read, daemon=True).start()
    return proc, port


def stop(proc):
    """SIGTERM, then SIGKILL after 20 s."""
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
    proc.wait()
