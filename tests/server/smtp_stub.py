"""A minimal SMTP receiver on 127.0.0.1 for tests: accepts every message and writes each one
(envelope sender, recipients and the DATA as received) to its own file in a folder.
Usage: smtp_stub.py FOLDER  (writes FOLDER/port when listening)."""
import os
import socketserver
import sys

folder = sys.argv[1]


class Session(socketserver.StreamRequestHandler):
    def reply(self, line):
        self.wfile.write((line + "\r\n").encode())

    def handle(self):
        self.reply("220 stub ESMTP")
        sender, recipients = "", []
        while True:
            line = self.rfile.readline()
            if not line:
                return
            command = line.decode(errors="replace").strip()
            verb = command.split(" ")[0].upper()
            if verb in ("EHLO", "HELO"):
                self.reply("250 stub")
            elif verb == "MAIL":
                sender, recipients = command[10:], []
                self.reply("250 ok")
            elif verb == "RCPT":
                recipients.append(command[8:])
                self.reply("250 ok")
            elif verb == "DATA":
                self.reply("354 go on")
                data = b""
                while not data.endswith(b"\r\n.\r\n"):
                    chunk = self.rfile.readline()
                    if not chunk:
                        return
                    data += chunk
                count = len([f for f in os.listdir(folder) if f.startswith("mail-")])
                with open(os.path.join(folder, f"mail-{count}.eml"), "wb") as out:
                    out.write(f"X-Envelope-From: {sender}\r\n".encode())
                    out.write(f"X-Envelope-To: {','.join(recipients)}\r\n".encode())
                    out.write(data[: -len(b".\r\n")])
                self.reply("250 queued")
            elif verb == "QUIT":
                self.reply("221 bye")
                return
            else:
                self.reply("250 ok")


with socketserver.TCPServer(("127.0.0.1", 0), Session) as server:
    with open(os.path.join(folder, "port"), "w") as f:
        f.write(str(server.server_address[1]))
    server.serve_forever()
