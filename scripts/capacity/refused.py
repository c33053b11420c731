# refused.py PORT N: open N TCP connections at once, each sends an SSH
# version line at once (as real clients do), and count what came back.
import socket, sys, collections, concurrent.futures as cf
port, n = int(sys.argv[1]), int(sys.argv[2])
def one(_):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    try:
        s.sendall(b"SSH-2.0-refusedpy\r\n")
        got = b""
        while True:
            b = s.recv(4096)
            if not b: break
            got += b
            if b"SSH-2.0" in got: return "banner (admitted)"
    except ConnectionResetError:
        return "reset" + (" after message" if b"hotels:" in got else " without message")
    except socket.timeout:
        return "timeout"
    finally:
        s.close()
    return "message" if b"hotels:" in got else "closed without message"
with cf.ThreadPoolExecutor(n) as ex:
    print(dict(collections.Counter(ex.map(one, range(n)))))
