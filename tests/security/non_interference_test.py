#!/usr/bin/env python3
"""Non-interference, end to end (issue 28; docs/protocol.md "How the promise is tested").

The real umpire-server runs on 127.0.0.1 with --insecure-test-seed (period seeds, tokens and
codes fixed), on a fresh database per run. Scripted clients play whole periods of a scenario:
every player and the GM log in and join over WebSocket, orders go in over WebSocket and the HTTP
API, every decision is answered over the wire, and after each period every player reads its
history, decisions, report and snapshot over the HTTP API. Every frame and response body each
player receives is recorded, in order. Every account has a webhook (anna's is an e-mail address,
sent through an SMTP receiver in this process; the others' a webhook receiver here too): after
the periods, and a GM's rollback with reopened orders, each account's webhook bodies, e-mails
(with their keys) and delivery log are added to its record.

A case runs the campaign once more with only things a player A's commanders cannot know
changed (the variation), and requires A's record to be byte for byte the base run's, for every
A the case names. Where R-11 lets a variation reach A, the fields it grants are masked first
(MASKED_FIELDS, with the rule that grants each). Wall-clock times of A's own actions differ
between any two runs and are masked too (they are A's, not another side's).

Usage: non_interference_test.py UMPIRE_SERVER SOURCE_DIR [--case NAME]... [--seeds N]
                                 [--periods N] [--list]
Cases in KNOWN_FAILING are defects being fixed elsewhere: they are run and reported; the test
fails if one of them passes (clear it from the list) or if any other case fails."""
import argparse
import copy
import http.client
import http.server
import json
import os
import re
import socketserver
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "support"))
import event_schemas  # noqa: E402
import server_process  # noqa: E402
from ws_client import WS  # noqa: E402

# ---------------------------------------------------------------------------------------------
# Known failing cases: defects of issue 28 being fixed on other branches. The merge of each fix
# removes its line; the test fails while a listed case passes, so the list cannot go stale.
KNOWN_FAILING = {
    # "case name": "defect N: why it fails, and where it is being fixed",
}

# What R-11 lets reach a player from a variation, masked before comparing (only in the cases
# that name them). Each: (name, rule, what is masked).
MASKED_FIELDS = {
    "estimate": ("R-6.3, R-6.4, R-11.1", "what a contact score grants of an opponent in the "
                 "player's own contact: `estimate`, `largest_estimated_opponent`, and in an "
                 "intelligence fact (an object with a `score`) its `composition` when the score is "
                 "3 or more (class, types, proportions, exact as R-6.3 grants) and its exact "
                 "`size` at 6; the score, awareness and `accuracy_percent` stay compared; in a "
                 "turn report's text and an e-mail, an intelligence line's composition from "
                 "score 3, its whole size phrase and any estimate"),
    "keyed_version": ("issue 28", "`state_version` in battle records: HMAC-SHA256 of the start "
                      "state under a key derived from the period's sealed seed, which no player "
                      "holds (the GM's); without the key it is indistinguishable from random, so "
                      "it is compared for its form only (64 hex digits). That no player holds the "
                      "key is checked in every run (state_version_key_private)"),
    "random_id": ("(not a count)", "`delivery_id` of a webhook delivery, `secret` of a webhook "
                  "and an e-mail's Message-ID and X-Umpire-Delivery: random in production; "
                  "under --insecure-test-seed they come from one stream in the order drawn, "
                  "which is the harness's, so they are compared for their form only; and the "
                  "port of the harness's own receivers, new each run"),
    "wall_clock": ("(not a secret)", "wall-clock times of the player's own actions: "
                   "`server_time`, `updated_at`, `expires_at`, and `committed_at` (when a period "
                   "resolved, which every player sees happen), `sent_at` of press the player may read, "
                   "`at` of a GM's notice the player is shown (when it is pushed to it), "
                   "times in a turn report's text and in e-mails, "
                   "also as JSON Patch values; and "
                   "`receipt`, SHA-256 of the player's own orders and that time"),
}
ESTIMATE_KEYS = {"estimate", "largest_estimated_opponent"}
WALL_CLOCK_KEYS = {"server_time", "updated_at", "expires_at", "committed_at", "receipt",
                   "sent_at", "at"}
RANDOM_ID_KEYS = {"delivery_id", "secret"}
ISO_TIME = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$")

CAMPAIGN = "ni"
OBSERVER, OBSERVER_PASSWORD = "olga", "olga-watches-the-map"  # the campaign's observer
PLAYERS = ["anna", "bertram", "ingrid", "erik", "sven"]
REALM, RAIDERS = ["anna", "bertram"], ["ingrid", "erik", "sven"]


# ------------------------------------------------------------------------------ scenarios -----
def demo_scenario(source):
    with open(os.path.join(source, "scenarios", "valormr-demo.json")) as f:
        doc = json.load(f)
    doc["id"] = CAMPAIGN
    return doc


def demo_orders(source):
    with open(os.path.join(source, "scenarios", "valormr-demo-orders.json")) as f:
        periods = json.load(f)["periods"]
    out = []
    for p in periods:
        out.append([dict(o) for o in p["orders"]])
    return out


def with_far_contact(doc):
    """The demo plus a third side in the far south-east: a northmen force (olaf's) next to a new
    raider force of erik's, a contact on day 1 that no realm force is near."""
    doc = copy.deepcopy(doc)
    doc["sides"].append({"id": "northmen", "name": "The Northmen", "home_hexes": [[7, 7]]})
    doc["players"].append({"id": "olaf", "name": "Olaf", "side": "northmen"})
    doc["forces"].append({"id": "ulf", "name": "Ulf's band", "player": "erik", "hex": [9, 5],
                          "general": {"name": "Ulf", "leadership": 0}, "camp": False,
                          "regiments": [{"id": "ul1", "name": "Ulf's spears", "morale": 7,
                                         "companies": [{"type": "spearmen", "figures": 12}]}]})
    doc["forces"].append({"id": "hrolf", "name": "Hrolf's crew", "player": "olaf", "hex": [8, 6],
                          "general": {"name": "Hrolf", "leadership": 0}, "camp": False,
                          "regiments": [{"id": "hr1", "name": "Hrolf's axes", "morale": 7,
                                         "companies": [{"type": "warband", "figures": 10}]}]})
    return doc


def force(doc, fid):
    return next(f for f in doc["forces"] if f["id"] == fid)


# ------------------------------------------------------------------------------ the plan ------
def base_plan(source, scenario, periods):
    orders = demo_orders(source)[:periods]
    return {
        "scenario": scenario,
        "orders": orders,              # per period: order objects with "player"
        "submit_order": list(PLAYERS),  # who submits first, per period
        "drafts": {},                   # player -> orders sent as a draft before the real ones
        "standing": {},                 # force -> standing instructions (sent with its order)
        "webhooks": {},                 # account -> URL instead of this harness's receiver
        # Hidden GM actions before period i: {i: [gm messages]} (invites, edits of far forces).
        "gm_actions": {},
        "gm_answers_for": [],           # players whose requests the GM answers for them
        "no_orders": [],                # players who send no orders (NMR): the GM resolves
        "rollback": True,               # after the last period: a rollback, orders reopened
        "answers": [],                  # [(decision id regex, answer)] overrides, first match
        "answer_order": "forward",      # order of answering within a round: forward, reverse
        "unconfirmed": [],              # players who never confirm: the GM resolves
        "world_edits": {},              # period index -> the GM's edit_world operations first
        # press written at the start of every period, in order: (sender, recipients, text)
        "press": [("anna", ["all"], "The realm holds the ford."), ("gm", ["all"], "Rain tonight."),
                  ("ingrid", ["anna"], "Parley at the mill?"), ("anna", ["ingrid"], "No.")],
        "extra_players": [p["id"] for p in scenario["players"] if p["id"] not in PLAYERS],
    }


def anna_answers(request):
    if request["kind"] == "contact_window" and "engage" in request["options"]:
        return "engage"
    return request["default"]


# ------------------------------------------------------------------------------ receivers -----
class Receivers:
    """A webhook receiver (HTTP, path /<account>) and an SMTP relay on 127.0.0.1, in this
    process: `got[account]` is every webhook body and e-mail the account was sent."""
    def __init__(self):
        self.got, self.lock = {}, threading.Lock()
        receivers = self

        class Hook(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.rfile.read(int(self.headers.get("Content-Length", 0))).decode()
                receivers.keep(self.path.strip("/"), "WEBHOOK " + body)
                self.send_response(200)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args):
                pass

        class Mail(socketserver.StreamRequestHandler):
            def handle(self):
                def reply(line):
                    self.wfile.write((line + "\r\n").encode())
                reply("220 stub ESMTP")
                to = []
                while True:
                    line = self.rfile.readline()
                    if not line:
                        return
                    verb = line.decode(errors="replace").strip().split(" ")[0].upper()
                    if verb == "RCPT":
                        to.append(line.decode().strip()[8:].strip("<>"))
                        reply("250 ok")
                    elif verb == "DATA":
                        reply("354 go on")
                        data = b""
                        while not data.endswith(b"\r\n.\r\n"):
                            chunk = self.rfile.readline()
                            if not chunk:
                                return
                            data += chunk
                        for address in to:
                            receivers.keep(address.split("@")[0], "MAIL " + data.decode())
                        to = []
                        reply("250 queued")
                    elif verb == "QUIT":
                        reply("221 bye")
                        return
                    else:
                        reply("250 ok")

        socketserver.ThreadingTCPServer.daemon_threads = True
        self.http = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Hook)
        self.smtp = socketserver.ThreadingTCPServer(("127.0.0.1", 0), Mail)
        for server in (self.http, self.smtp):
            threading.Thread(target=server.serve_forever, daemon=True).start()

    def keep(self, account, text):
        with self.lock:
            self.got.setdefault(account, []).append(text)

    def count(self):
        with self.lock:
            return sum(map(len, self.got.values()))

    def settle(self, quiet=0.8, limit=20):
        """Waits until nothing has arrived for `quiet` seconds (at most `limit`)."""
        end, last, since = time.time() + limit, -1, time.time()
        while time.time() < end:
            n = self.count()
            if n != last:
                last, since = n, time.time()
            elif time.time() - since >= quiet:
                return
            time.sleep(0.1)

    def close(self):
        for server in (self.http, self.smtp):
            server.shutdown()
            server.server_close()


# ------------------------------------------------------------------------------ the server ----
class Server:
    def __init__(self, server_bin, source, tmp, scenario, seed_hex, receivers):
        self.tmp = tmp
        scen_dir = os.path.join(tmp, "scenarios")
        os.makedirs(scen_dir, exist_ok=True)
        scen_file = os.path.join(scen_dir, CAMPAIGN + ".json")
        with open(scen_file, "w") as f:
            json.dump(scenario, f)
        config = os.path.join(tmp, "config.json")
        with open(config, "w") as f:
            json.dump({"limits": {"messages_per_second": 1e6, "message_burst": 1000000}}, f)
        self.db = os.path.join(tmp, "campaign.db")
        log = open(os.environ.get("UMPIRE_TEST_SERVER_LOG", os.devnull), "a")
        # An observer's account (the GM invites it into the campaign); the demo makes the rest.
        password_file = os.path.join(tmp, "observer-password")
        with open(password_file, "w") as f:
            f.write(OBSERVER_PASSWORD)
        subprocess.run([server_bin, "admin", "create-account", "--db", self.db, "--name",
                        OBSERVER, "--password-cost", "min", "--password-file", password_file],
                       check=True, stdout=subprocess.DEVNULL, stderr=log)
        self.proc, self.port = server_process.start(
            [server_bin, "--bind", "127.0.0.1", "--port", "0", "--db", self.db,
             "--password-cost", "min", "--scenarios-dir", scen_dir, "--rulesets",
             os.path.join(source, "rulesets"), "--config", config, "--demo", scen_file,
             "--allow-private-webhooks", "--insecure-test-seed", seed_hex,
             "--smtp-url", f"smtp://127.0.0.1:{receivers.smtp.server_address[1]}",
             "--smtp-from", "umpire@example.org", "--smtp-plaintext"], log)
        self.receivers = receivers
        with open(self.db + ".demo-logins.json") as f:
            self.logins = json.load(f)

    def stop(self):
        server_process.stop(self.proc)


class Client:
    """One account: a WebSocket connection and an HTTP token; `record` holds every frame and
    response body it received, in order (barrier pongs left out)."""
    def __init__(self, server, account, password, invite=None):
        self.server, self.account = server, account
        self.record, self.inbox = [], []
        self.next_id = 0
        self.ws = WS(server.port)
        self.request({"type": "hello", "versions": [1]})
        self.request({"type": "login", "account": account, "password": password})
        self.token = self.http_post({"type": "login", "account": account,
                                     "password": password})["messages"][0]["token"]
        if invite:
            self.request({"type": "redeem_invite", "code": invite})
        self.request({"type": "join", "campaign": CAMPAIGN})

    def _take(self, text):
        m = json.loads(text)
        if m.get("type") == "pong" and m.get("re") == "sync":
            return m
        self.record.append(text)
        self.inbox.append(m)
        return m

    def request(self, message):
        self.next_id += 1
        message = dict(message, id=self.next_id)
        self.ws.send_text(json.dumps(message))
        while True:
            m = self._take(self.ws.recv_text())
            if m.get("re") == self.next_id:
                return m

    def sync(self, sent=False):
        """Everything the server queued for this connection before now has arrived."""
        if not sent:
            self.ws.send_text('{"type":"ping","id":"sync"}')
        while True:
            m = self._take(self.ws.recv_text())
            if m.get("type") == "pong" and m.get("re") == "sync":
                return

    def _http(self, method, path, body=None):
        conn = http.client.HTTPConnection("127.0.0.1", self.server.port, timeout=30)
        headers = {"Content-Type": "application/json"}
        if getattr(self, "token", None):
            headers["Authorization"] = "Bearer " + self.token
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        text = response.read().decode()
        conn.close()
        self.record.append(f"HTTP {method} {path} {response.status} {text}")
        return json.loads(text)

    def http_post(self, message):
        return self._http("POST", "/api/v1/messages", json.dumps(message))

    def http_get(self, path):
        return self._http("GET", path)


def run_campaign(server_bin, source, plan, seed_hex):
    """Plays the plan's periods; returns {account: record}."""
    with tempfile.TemporaryDirectory() as tmp:
        receivers = Receivers()
        try:
            server = Server(server_bin, source, tmp, plan["scenario"], seed_hex, receivers)
            try:
                return play(server, plan)
            finally:
                server.stop()
        finally:
            receivers.close()


def play(server, plan):
    accounts = {l["account"]: l for l in server.logins}
    clients = {}
    for name in ["gm"] + PLAYERS + plan["extra_players"]:  # a fixed order: tokens are drawn in it
        clients[name] = Client(server, name, accounts[name]["password"])
    players = PLAYERS + plan["extra_players"]
    gm = clients["gm"]
    code = gm.request({"type": "gm", "campaign": CAMPAIGN, "command": "invite",
                       "role": "observer"})["code"]
    clients[OBSERVER] = Client(server, OBSERVER, OBSERVER_PASSWORD, invite=code)

    def sync_all():  # the pings go out together; the server answers each in turn
        for c in clients.values():
            c.ws.send_text('{"type":"ping","id":"sync"}')
        for c in clients.values():
            c.sync(sent=True)

    # Every account's webhook, in a fixed order (their secrets are drawn in it): anna's by
    # e-mail, the others' to the receiver here, unless the plan sends one elsewhere.
    hook_port = server.receivers.http.server_address[1]
    for name, c in clients.items():
        url = plan["webhooks"].get(name, "mailto:anna@example.org" if name == "anna"
                                   else f"http://127.0.0.1:{hook_port}/{name}")
        reply = c.request({"type": "set_webhook", "campaign": CAMPAIGN, "url": url})
        if reply.get("type") != "webhook_set":
            raise AssertionError(f"{name}'s webhook was refused: {reply}")
    answered = set()
    for index, period_orders in enumerate(plan["orders"]):
        for action in plan["gm_actions"].get(index, []):
            reply = gm.request(dict(action, type="gm", campaign=CAMPAIGN))
            if reply.get("type") not in ("gm_done", "invite_created") and "code" not in reply:
                raise AssertionError(f"the GM's {action['command']} was refused: {reply}")
        if index in plan["world_edits"]:
            reply = gm.request({"type": "gm", "campaign": CAMPAIGN, "command": "edit_world",
                                "edits": plan["world_edits"][index], "reason": "a GM's edit"})
            if reply.get("type") != "gm_done":
                raise AssertionError(f"the GM's edit was refused: {reply}")
        for sender, to, text in plan["press"]:
            reply = clients[sender].request({"type": "send_press", "campaign": CAMPAIGN,
                                             "to": to, "text": text})
            if reply.get("type") != "press_sent":
                raise AssertionError(f"{sender}'s press was refused: {reply}")
        by_player = {}
        for o in period_orders:
            o = dict(o)
            player = o.pop("player")
            if o["force"] in plan["standing"]:
                o["standing_instructions"] = plan["standing"][o["force"]]
            by_player.setdefault(player, []).append(o)
        for player in plan["submit_order"] + [p for p in players if p not in plan["submit_order"]]:
            if player in plan["no_orders"]:
                continue
            c = clients[player]
            for draft in plan["drafts"].get(player, []):
                c.request({"type": "submit_orders", "campaign": CAMPAIGN, "period_index": index,
                           "orders": draft, "state": "draft"})
            message = {"type": "submit_orders", "campaign": CAMPAIGN, "period_index": index,
                       "orders": by_player.get(player, [])}
            # anna sends her orders over the HTTP API, as an e-mail player would; others by WS
            reply = (c.http_post(message)["messages"][0] if player == "anna"
                     else c.request(message))
            if reply.get("type") != "receipt":
                raise AssertionError(f"{player}'s orders refused: {reply}")
        for player in plan["submit_order"] + [p for p in players if p not in plan["submit_order"]]:
            if player in plan["unconfirmed"] or player in plan["no_orders"]:
                continue
            clients[player].request({"type": "confirm_orders", "campaign": CAMPAIGN,
                                     "period_index": index})
        if plan["unconfirmed"] or plan["no_orders"]:
            gm.request({"type": "gm", "campaign": CAMPAIGN, "command": "resolve",
                        "period": index})
        for _ in range(400):
            sync_all()
            if sum(1 for m in gm.inbox if m.get("type") == "period_resolved") > index:
                break
            pending = []
            for name in ["gm"] + players:
                for m in clients[name].inbox:
                    if m.get("type") == "decision_request":
                        r = m["request"]
                        by_gm = r["player"] == "gm" or r["player"] in plan["gm_answers_for"]
                        if r["id"] not in answered and (name == "gm") == by_gm:
                            pending.append((name, r))
            if not pending:
                raise AssertionError(f"period {index} waits, but nobody is asked anything")
            if plan["answer_order"] == "reverse":
                pending.reverse()
            for name, r in pending:
                answered.add(r["id"])
                answer = anna_answers(r) if name == "anna" else r["default"]
                for pattern, value in plan["answers"]:
                    if re.fullmatch(pattern, r["id"]) and (not isinstance(value, str)
                                                           or value in r["options"]):
                        answer = value
                        break
                if name == "gm":
                    reply = gm.request({"type": "gm", "campaign": CAMPAIGN, "command": "answer_for",
                                        "decision": r["id"], "answer": answer,
                                        "reason": "" if r["player"] == "gm" else "away"})
                else:
                    reply = clients[name].request({"type": "answer", "campaign": CAMPAIGN,
                                                   "decision": r["id"], "answer": answer})
                if reply.get("type") not in ("answer_accepted", "gm_done"):
                    raise AssertionError(f"{name}'s answer to {r['id']} refused: {reply}")
        else:
            raise AssertionError(f"period {index} did not resolve")
        sync_all()
        read_all(clients, players, index)
    if plan["rollback"] and plan["orders"]:
        # The GM reruns the last period, its orders reopened: the notice, the views, the
        # orders_reopened notifications and the history as each viewer is told them.
        last = len(plan["orders"]) - 1
        reply = gm.request({"type": "gm", "campaign": CAMPAIGN, "command": "rollback",
                            "period": last + 1, "to_period": last, "reopen_orders": True, "reason": "a re-run"})
        if reply.get("type") != "gm_done":
            raise AssertionError(f"the GM's rollback was refused: {reply}")
        sync_all()
        read_all(clients, players, last - 1 if last > 0 else None)
    server.receivers.settle()
    for name, c in clients.items():  # the delivery log, and what each account was sent
        reply = c.request({"type": "get_webhook_deliveries", "campaign": CAMPAIGN})
        c.record.pop()
        c.record.append("DELIVERIES " + canonical_deliveries(reply))
        c.record += sorted(canonical_sent(t) for t in server.receivers.got.get(name, []))
    for c in clients.values():
        c.ws.close()
    return {name: c.record for name, c in clients.items()}


def read_all(clients, players, report_index):
    """What an e-mail player reads after a period, over the HTTP API."""
    for name in players + [OBSERVER]:
        c = clients[name]
        c.http_get(f"/api/v1/campaigns/{CAMPAIGN}/history")
        c.http_get(f"/api/v1/campaigns/{CAMPAIGN}/decisions")
        if report_index is not None:
            c.http_get(f"/api/v1/campaigns/{CAMPAIGN}/reports/{report_index}")
        c.http_get(f"/api/v1/campaigns/{CAMPAIGN}")
        c.http_get(f"/api/v1/campaigns/{CAMPAIGN}/press")


def canonical_deliveries(reply):
    """An account's delivery log, in key order (the sender works several at once), without
    the time of each try."""
    if reply.get("type") != "webhook_deliveries":
        return json.dumps(reply, sort_keys=True)
    entries = [{k: v for k, v in d.items() if k != "at"} for d in reply["deliveries"]]
    entries.sort(key=lambda d: (d.get("key", ""), d.get("attempt", 0)))
    return json.dumps(dict(reply, deliveries=entries), sort_keys=True, separators=(",", ":"))


MAIL_DROPPED = re.compile(r"^(Date|Message-ID|X-Umpire-Delivery): .*$", re.M)


def canonical_sent(text):
    """A webhook body as JSON; an e-mail without its Date (the wall clock) and its delivery
    id (random: masked as `random_id` would)."""
    if text.startswith("MAIL "):
        return MAIL_DROPPED.sub(lambda m: m.group(1) + ": <dropped>", text)
    return text


# ------------------------------------------------------------------------------ comparing -----
# Times in a turn report's text ("Resolved 2026-12-07 16:08 UTC.") and in e-mails.
ISO_IN_TEXT = re.compile(r"\d{4}-\d\d-\d\d[T ]\d\d:\d\d(:\d\d(\.\d+)?Z)?")


def split_record(text):
    """(head, body) of a recorded text: "HTTP <method> <path> <status> " or "WEBHOOK " or
    "DELIVERIES " or "MAIL ", and the rest."""
    if text.startswith("HTTP "):
        parts = text.split(" ", 4)
        return " ".join(parts[:4]) + " ", parts[4]
    for head in ("WEBHOOK ", "DELIVERIES ", "MAIL "):
        if text.startswith(head):
            return head, text[len(head):]
    return "", text


RECEIVER_PORT = re.compile(r"127\.0\.0\.1:\d+")


TEXT_SCORE = re.compile(r"score (\d+)")
TEXT_COMPOSITION = re.compile(r"composition [^\[\n]*\[[^\]\n]*\]")
TEXT_SIZE = re.compile(r"size [^,\n]*")
TEXT_ESTIMATE = re.compile(r"\b(estimate|largest_estimated_opponent):? \d+")


def masked_text(text, masks):
    """A turn report's text or an e-mail, masked as its JSON would be: times, and what a
    contact score grants in an intelligence line ("… composition companies [...], force X,
    score 6, size exact 20": the composition from 3, the size phrase always, its exact figure
    at 6)."""
    if "wall_clock" in masks:
        text = ISO_IN_TEXT.sub("<wall_clock>", text)
    if "estimate" in masks:
        lines = []
        for line in text.split("\n"):
            score = TEXT_SCORE.search(line)
            if score:
                if int(score.group(1)) >= 3:
                    line = TEXT_COMPOSITION.sub("composition <granted>", line)
                line = TEXT_SIZE.sub("size <estimate>", line)
            line = TEXT_ESTIMATE.sub(lambda m: m.group(1) + " <estimate>", line)
            lines.append(line)
        text = "\n".join(lines)
    return text


def masked(text, masks):
    if "random_id" in masks:  # the receivers here listen on a new port each run
        text = RECEIVER_PORT.sub("127.0.0.1:<port>", text)
    head, body = split_record(text)
    if head == "MAIL ":  # plain text
        return head + masked_text(body, masks)
    try:
        doc = json.loads(body)
    except ValueError:
        return text

    def walk(x, key=None):
        if isinstance(x, dict):
            if "path" in x and "value" in x and isinstance(x.get("path"), str):  # JSON Patch op
                leaf = x["path"].rsplit("/", 1)[-1]
                if "wall_clock" in masks and leaf in WALL_CLOCK_KEYS and isinstance(x["value"], str):
                    x = dict(x, value="<wall_clock>")
                if "estimate" in masks and leaf in ESTIMATE_KEYS:
                    x = dict(x, value="<estimate>")
            granted = set()
            if "estimate" in masks and isinstance(x.get("score"), int):  # R-6.3's table
                if x["score"] >= 3:  # class (3), troop types (4), proportions (5), exact (6)
                    granted.add("composition")
                if x["score"] >= 6:  # the exact size; at 3 to 5 only its `estimate` is masked
                    granted.add("size")
            out = {}
            for k, v in x.items():
                if k in granted:
                    out[k] = f"<{k}: granted by score {x['score']}>"
                elif "keyed_version" in masks and k == "state_version" and isinstance(v, str) \
                        and re.fullmatch(r"[0-9a-f]{64}", v):
                    out[k] = "<keyed version>"
                elif "random_id" in masks and k in RANDOM_ID_KEYS and isinstance(v, str) \
                        and re.fullmatch(r"[0-9a-f]{32,64}", v):
                    out[k] = "<random id>"
                elif "wall_clock" in masks and k in WALL_CLOCK_KEYS and isinstance(v, str) \
                        and (ISO_TIME.match(v) or (k == "receipt" and len(v) == 64)):
                    out[k] = "<wall_clock>"
                elif k == "report_text" and isinstance(v, str):
                    out[k] = masked_text(v, masks)
                elif "estimate" in masks and k in ESTIMATE_KEYS and not isinstance(v, (dict, list)):
                    out[k] = "<estimate>"
                else:
                    out[k] = walk(v, k)
            return out
        if isinstance(x, list):
            return [walk(v, key) for v in x]
        return x
    return head + json.dumps(walk(doc), sort_keys=True, separators=(",", ":"))


def count_differing(base, other, masks):
    """How many of the messages differ (by place), and how many there are."""
    a = [masked(t, masks) for t in base]
    b = [masked(t, masks) for t in other]
    return sum(1 for i in range(max(len(a), len(b)))
               if (a[i] if i < len(a) else None) != (b[i] if i < len(b) else None)), max(len(a), len(b))


def compare(base, other, masks):
    """None when equal after masking, else (index, base frame, other frame)."""
    a = [masked(t, masks) for t in base]
    b = [masked(t, masks) for t in other]
    for i in range(max(len(a), len(b))):
        x = a[i] if i < len(a) else "<no frame>"
        y = b[i] if i < len(b) else "<no frame>"
        if x != y:
            return i, x, y
    return None


def short_diff(x, y, width=160):
    """The first place two frames differ, with some context."""
    i = next((k for k in range(min(len(x), len(y))) if x[k] != y[k]), min(len(x), len(y)))
    start = max(0, i - 60)
    return (f"      at char {i}:\n      base:      …{x[start:start + width]}\n"
            f"      variation: …{y[start:start + width]}")


# ------------------------------------------------------------------------------ cases ---------
# A case: the scenario it starts from, the variation (what changes), the players A it is
# invisible to, and the masked fields (MASKED_FIELDS) R-11 grants them.
def v_enemy_timing(plan):
    """The raiders' side of the table: their drafts, standing instructions, webhooks, the order
    and timing of their submissions and of every answer (the realm's players answer as before,
    and the realm's own submissions keep their order)."""
    plan["submit_order"] = ["sven", "erik", "anna", "ingrid", "bertram"]
    plan["drafts"] = {"ingrid": [[{"force": "ingegerd", "hold": True}]],
                      "sven": [[{"force": "thorgrim", "path": [[7, 1]]}], []]}
    plan["standing"] = {"ingegerd": {"contact": ["evade_if_larger", "engage"], "cards": "auto"},
                        "skoll": {"pursuit": True, "rearguard": True}}
    plan["webhooks"] = {"erik": "http://127.0.0.1:9/erik", "sven": "http://127.0.0.1:9/sven"}
    plan["answer_order"] = "reverse"
    return plan


def v_realm_timing(plan):
    """The realm's side of the table, seen from the raiders: anna's and bertram's drafts,
    standing instructions, webhooks, the order of their submissions and of every answer."""
    plan["submit_order"] = ["bertram", "ingrid", "erik", "sven", "anna"]
    plan["drafts"] = {"anna": [[{"force": "hadewych", "path": [[3, 3]]}]],
                      "bertram": [[{"force": "anselm", "hold": True}], []]}
    plan["standing"] = {"hadewych": {"contact": ["evade_if_larger", "engage"],
                                     "rearguard": True},
                        "anselm": {"cards": "auto", "losses": "proportional"}}
    plan["webhooks"] = {"anna": "http://127.0.0.1:9/anna", "bertram": "http://127.0.0.1:9/b"}
    plan["answer_order"] = "reverse"
    return plan


def v_enemy_never_confirms(plan):
    """A raider never confirms: the GM resolves instead of the last confirmation."""
    plan["unconfirmed"] = ["erik"]
    return plan


def v_hidden_names_far(plan):
    """Names and the general of a force in a contact far from the realm (only renames: no die
    and no outcome changes)."""
    f = force(plan["scenario"], "hrolf")
    f["name"], f["general"]["name"] = "The Drowned Men", "Hrolf Ketilsson"
    f["regiments"][0]["name"] = "Sea wolves"
    return plan


def v_far_figures(plan):
    """Figures and companies of the northmen's force (and so the far battle's course)."""
    f = force(plan["scenario"], "hrolf")
    f["regiments"][0]["companies"] = [{"type": "warband", "figures": 14},
                                      {"type": "archers", "figures": 6}]
    return plan


def v_gm_edits_far_force(plan):
    """The GM edits the northmen's force before the first period: its figures, its companies
    and its general's name (issue 30's world edits, told only to whom they concern)."""
    plan["world_edits"] = {0: [
        {"op": "set_regiment", "regiment": "hr1",
         "set": {"companies": [{"type": "warband", "figures": 14},
                               {"type": "archers", "figures": 6}]}},
        {"op": "set_force", "force": "hrolf",
         "set": {"general": {"name": "Hrolf Ketilsson", "leadership": 0}}}]}
    return plan


def v_far_decisions(plan):
    """olaf's and erik's answers in the far contact, where no realm force is: both delay
    instead of resting (no die is rolled either way, R-5.4 step 2)."""
    plan["answers"] = [(r".*\.before\.(hrolf|ulf)", "delay")]
    return plan


def v_contact_elsewhere(plan):
    """The northmen stay out of reach: one contact fewer far from the realm."""
    force(plan["scenario"], "hrolf")["hex"] = [8, 7]
    return plan


def v_enemy_scout(plan):
    """A raider's scout, resolved before movement, against Brother Anselm's levy; its report
    goes to sven alone (R-4.1). anna is not told of it."""
    for o in plan["orders"][0]:
        if o["force"] == "thorgrim":
            o["scout"] = [1, 5]
    return plan


def v_enemy_strength_estimated(plan):
    """The enemy's strength in anna's own contacts, which every commander evades after the
    contact dice (no battle, no die): Aeskrvald's riders 21 knights and 9 archers instead of 14
    and 6 (the same proportions), his warband 25 instead of 16, his general renamed. anna learns
    the riders only as a size estimate (R-6.3, R-6.4)."""
    f = force(plan["scenario"], "aeskrvald")
    f["regiments"][0]["companies"][0]["figures"] = 21
    f["regiments"][0]["companies"][1]["figures"] = 9
    f["regiments"][1]["companies"][0]["figures"] = 25
    f["general"]["name"] = "Aeskrvald the Tall"
    return plan


def v_enemy_strength_disengaging(plan):
    """The enemy's strength in a contact anna evades while the raiders engage (an evade
    disengagement, R-7): Aeskrvald's riders 21 knights and 9 archers instead of 14 and 6."""
    f = force(plan["scenario"], "aeskrvald")
    f["regiments"][0]["companies"][0]["figures"] = 21
    f["regiments"][0]["companies"][1]["figures"] = 9
    return plan


def v_enemy_press(plan):
    """The raiders' private press among themselves and to the GM, written before everything
    the realm may read: no count of it, no order, no id, reaches the realm."""
    plan["press"] = [("sven", ["erik"], "Burn the mill."), ("erik", ["gm"], "Is the ford deep?"),
                     ("ingrid", ["erik", "sven"], "Wait for my word."),
                     ("gm", ["ingrid"], "Your scouts saw smoke.")] + plan["press"]
    return plan


def v_hidden_gm_actions(plan):
    """The GM's actions no realm player is told of (issue 53): invites made and revoked before
    each period, an edit of the northmen's force, and olaf's requests answered for him."""
    invite = {"command": "invite", "role": "observer"}
    plan["gm_actions"] = {0: [invite, invite], 1: [invite]}
    plan["world_edits"] = {0: [{"op": "set_force", "force": "hrolf",
                                "set": {"general": {"name": "Hrolf Ketilsson", "leadership": 0}}}]}
    plan["gm_answers_for"] = ["olaf"]
    return plan


def v_enemy_misses_orders(plan):
    """olaf gives no orders (NMR): his force holds, the GM resolves, and his missed orders are
    recorded (a GM action, and olaf's notification)."""
    plan["no_orders"] = ["olaf"]
    return plan


# Renames that keep the order of every force's and regiment's id, so the engine works in the
# same order and only the names differ. aeskrvald keeps its id: it is the lowest of its contact
# with hadewych, and a contact's id (`<day>.<half period>.<lowest force id>`) names the contact's
# dice streams, so renaming it draws every die of the contact anew, as another seed would (the
# dice are keyed by the sealed seed: they tell nothing of the name).
RAIDER_FORCE_IDS = {"ingegerd": "hz", "skoll": "pq", "thorgrim": "tz"}
RAIDER_REGIMENT_PREFIX = {"aeskrvald": "ab", "ingegerd": "hz", "skoll": "pq", "thorgrim": "tz"}


def v_enemy_force_ids(plan):
    """The raiders' forces under other ids (order kept): the scenario's ids are the author's,
    and a realm player may know these forces only by its own designations (issue 53, R-6.3)."""
    for f in plan["scenario"]["forces"]:
        f["id"] = RAIDER_FORCE_IDS.get(f["id"], f["id"])
    for period in plan["orders"]:
        for o in period:
            o["force"] = RAIDER_FORCE_IDS.get(o["force"], o["force"])
    return plan


def v_enemy_regiment_ids(plan):
    """The raiders' regiments under other ids (order kept)."""
    for f in plan["scenario"]["forces"]:
        if f["id"] in RAIDER_REGIMENT_PREFIX:
            for r in f["regiments"]:
                r["id"] = RAIDER_REGIMENT_PREFIX[f["id"]] + r["id"][2:]
    return plan


def anna_evades(plan):
    """The base of the disengagement case: anna evades after the contact dice; the raiders
    engage."""
    plan["answers"] = [(r".*\.after_contact_dice\.hadewych", "evade")]
    return plan


def everyone_evades(plan):
    """The base of the estimate case: anna, erik and ingrid evade at every window after the
    contact dice, so their contacts end without a battle."""
    plan["answers"] = [(r".*\.after_contact_dice\.(hadewych|aeskrvald|ingegerd)", "evade")]
    return plan


CASES = {
    # name: (scenario, variation, viewers, masks, defect of issue 28 it exposes, if any, or
    # "53.N": item N of issue 53)
    "enemy_timing_and_drafts": ("demo", v_enemy_timing, REALM, {"wall_clock"}, None),
    "realm_timing_and_drafts": ("demo", v_realm_timing, RAIDERS, {"wall_clock"}, None),
    "enemy_never_confirms": ("demo", v_enemy_never_confirms, REALM, {"wall_clock"}, None),
    "enemy_press": ("demo", v_enemy_press, REALM, {"wall_clock"}, None),
    "hidden_names_far_away": ("far", v_hidden_names_far, ["anna", "bertram", "ingrid", "sven"],
                              {"wall_clock"}, None),
    "far_figures": ("far", v_far_figures, ["anna", "bertram"], {"wall_clock"}, None),
    "far_decisions": ("far", v_far_decisions, ["anna", "bertram"], {"wall_clock"}, None),
    "gm_edits_far_force": ("far", v_gm_edits_far_force, ["anna", "bertram"], {"wall_clock"},
                           None),
    "contact_ids_elsewhere": ("far", v_contact_elsewhere, ["anna", "bertram"], {"wall_clock"}, 4),
    "dice_stream_shift": ("demo", v_enemy_scout, ["anna"], {"wall_clock"}, 7),
    "enemy_strength_disengaging": ("demo_anna_evades", v_enemy_strength_disengaging, ["anna"],
                                   {"wall_clock", "estimate"}, 3),
    "enemy_strength_estimated": ("demo_evade", v_enemy_strength_estimated, ["anna"],
                                 {"wall_clock", "estimate"}, None),
    # issue 53: numbers that count what a player may not see, and the enemy's own ids
    "hidden_gm_actions": ("far", v_hidden_gm_actions, ["anna", "bertram"], {"wall_clock"},
                          "53.2"),
    "enemy_misses_orders": ("far", v_enemy_misses_orders, ["anna", "bertram"], {"wall_clock"},
                            "53.2"),
    "enemy_force_ids": ("demo", v_enemy_force_ids, ["anna", "bertram"], {"wall_clock"}, "53.3"),
    "enemy_regiment_ids": ("demo", v_enemy_regiment_ids, ["anna", "bertram"], {"wall_clock"},
                           "53.3"),
}


# Checks within one run (each player's record against the GM's): defects that are not a
# difference between two runs but a fact the player should never hold.
def forces_of(scenario):
    return {f["id"]: f["player"] for f in scenario["forces"]}


def objects_in(record):
    """Every JSON object, at any depth, in the frames and HTTP bodies a viewer received."""
    for text in record:
        body = split_record(text)[1]
        try:
            stack = [json.loads(body)]
        except ValueError:
            continue
        while stack:
            x = stack.pop()
            if isinstance(x, dict):
                yield x
                stack.extend(x.values())
            elif isinstance(x, list):
                stack.extend(x)


def events_in(record):
    for x in objects_in(record):
        if "type" in x and ("audience" in x or "purpose" in x or "force" in x):
            yield x


def check_estimate_rolls(records, scenario):
    """Defect 2 (R-11.1): size-estimate rolls go to the GM alone."""
    bad = []
    for player in PLAYERS:
        for e in events_in(records[player]):
            if e.get("purpose") == "size estimate":
                bad.append(f"{player} holds a size-estimate roll: {json.dumps(e)[:200]}")
    return bad


def check_private_figures(records, scenario):
    """Defect 3 (R-6.3): assault figures and per-company losses only of the player's own
    forces."""
    owner = forces_of(scenario)
    bad = []
    for player in PLAYERS:
        for e in events_in(records[player]):
            if ("assault_figures" in e or "by_company" in e) and owner.get(e.get("force")) != player:
                bad.append(f"{player} holds {e.get('force')}'s private figures: {json.dumps(e)[:200]}")
    return bad


def check_shared_battlefield(records, scenario):
    """Defect 5 (R-6.6): every participant sees every placed card."""
    seen = {}
    for player in PLAYERS:
        cards = {}
        for e in events_in(records[player]):
            if e.get("type") == "card_placed":
                c = {k: v for k, v in e.items() if k not in ("audience", "private_to")}
                key = json.dumps(c, sort_keys=True)
                cards.setdefault(e.get("contact", e.get("battle", "?")), set()).add(key)
        for contact, placed in cards.items():
            seen.setdefault(contact, {})[player] = placed
    bad = []
    for contact, by_player in seen.items():
        views = {frozenset(v) for v in by_player.values()}
        if len(views) > 1:
            bad.append(f"contact {contact}: " + ", ".join(f"{p} sees {len(v)} cards"
                                                            for p, v in by_player.items()))
    return bad


def check_version_key_private(records, scenario):
    """Defect 1: a player who is given a battle record's state_version (a keyed digest of the
    whole secret state) never holds the key: no period's sealed seed reaches a player."""
    bad = []
    for player in PLAYERS + [OBSERVER]:
        text = "".join(records[player])
        seeds = set(re.findall(r'"seed":"([0-9a-f]{64})"', text))
        if seeds and '"state_version"' in text:
            bad.append(f"{player} holds {len(seeds)} sealed period seed(s) and battle records' "
                       f"state_version: it can test guesses of the hidden state offline")
    return bad


def check_observer_view(records, scenario):
    """Defect 6: a map-only observer's view has the shape every viewer's has (the web client
    reads `world.forces`, empty for it) and holds no force."""
    bad = []
    for text in records[OBSERVER]:
        head, body = split_record(text)
        doc = json.loads(body) if body.startswith("{") and head != "MAIL " else {}
        for m in doc.get("messages", [doc]):
            if m.get("type") != "snapshot":
                continue
            forces = m["view"]["world"].get("forces")
            if forces != []:
                bad.append(f"the observer's world.forces is {json.dumps(forces)[:100]}, not []")
    return bad


def check_events_catalogued(records, scenario):
    """Every event anyone is sent is one the catalogue declares, as its schema says (private
    fields only to the GM, here; the projection strips them for the players)."""
    bad = []
    for account, record in records.items():
        for e in events_in(record):
            if event_schemas.is_event(e):
                why = event_schemas.event_mismatch(e, gm=account == "gm")
                if why:
                    bad.append(f"{account}: {why}")
    return bad


def check_decision_contexts(records, scenario):
    """Every decision request anyone is sent has the context its kind's schema declares."""
    bad, seen = [], 0
    for account, record in records.items():
        for x in objects_in(record):
            if event_schemas.is_decision_request(x):
                seen += 1
                why = event_schemas.decision_context_mismatch(x)
                if why:
                    bad.append(f"{account}: {why}")
    if not seen:
        bad.append("no decision request was sent to anyone: the check saw nothing")
    return bad


RUN_CHECKS = {
    "events_match_the_catalogue": (check_events_catalogued, None),
    "decision_contexts_match_the_catalogue": (check_decision_contexts, None),
    "state_version_key_private": (check_version_key_private, 1),
    "estimate_rolls_gm_only": (check_estimate_rolls, 2),
    "private_figures_owner_only": (check_private_figures, 3),
    "shared_battlefield": (check_shared_battlefield, 5),
    "observer_view_shape": (check_observer_view, 6),
}


# ------------------------------------------------------------------------------ main ----------
def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("server_bin")
    ap.add_argument("source")
    ap.add_argument("--case", action="append", help="run only these cases (repeatable)")
    ap.add_argument("--seeds", type=int, default=2, help="test seeds per case (default 2)")
    ap.add_argument("--periods", type=int, default=2, help="periods played per run (default 2)")
    ap.add_argument("--list", action="store_true", help="list the cases and masked fields")
    args = ap.parse_args()
    if args.list:
        for name, (scen, fn, viewers, masks, defect) in CASES.items():
            known = " [KNOWN FAILING: " + KNOWN_FAILING[name] + "]" if name in KNOWN_FAILING else ""
            print(f"{name}: {scen}; invisible to {', '.join(viewers)}; masks "
                  f"{', '.join(sorted(masks))}; defect {defect or '-'}{known}\n    {fn.__doc__}")
        for name, (fn, defect) in RUN_CHECKS.items():
            print(f"{name} (within each run): defect {defect}\n    {fn.__doc__}")
        for name, (rule, what) in MASKED_FIELDS.items():
            print(f"mask {name} ({rule}): {what}")
        return 0
    selected = args.case or list(CASES) + list(RUN_CHECKS)
    unknown = [c for c in selected if c not in CASES and c not in RUN_CHECKS]
    if unknown:
        print("unknown cases: " + ", ".join(unknown), file=sys.stderr)
        return 2
    start = time.time()
    base_demo = demo_scenario(args.source)
    scenarios = {"demo": base_demo, "far": with_far_contact(base_demo), "demo_evade": base_demo,
                 "demo_anna_evades": base_demo}
    seeds = [f"{0x5eed + k:064x}" for k in range(args.seeds)]
    results = {}  # case -> list of failure texts
    runs = frames = bytes_compared = 0
    bases = {}

    def plan_for(scen):
        plan = base_plan(args.source, copy.deepcopy(scenarios[scen]), args.periods)
        if scen == "demo_anna_evades":
            return anna_evades(plan)
        return everyone_evades(plan) if scen == "demo_evade" else plan

    def base_records(scen, seed):
        nonlocal runs
        if (scen, seed) not in bases:
            plan = plan_for(scen)
            bases[(scen, seed)] = run_campaign(args.server_bin, args.source, plan, seed)
            runs += 1
        return bases[(scen, seed)]

    # The harness itself: the same run twice gives the same bytes to everyone.
    if any(c in CASES for c in selected):
        scen = CASES[next(c for c in selected if c in CASES)][0]
        again = run_campaign(args.server_bin, args.source, plan_for(scen), seeds[0])
        runs += 1
        for player in PLAYERS:
            diff = compare(base_records(scen, seeds[0])[player], again[player],
                           {"wall_clock", "random_id"})
            if diff:
                i, x, y = diff
                print(f"FAIL the harness is not deterministic: {player}'s frame {i} differs between "
                      f"two identical runs\n{short_diff(x, y)}", flush=True)
                return 1
        print(f"ok   control: two identical runs give every player the same frames", flush=True)

    for name in selected:
        failures = results.setdefault(name, [])
        if name in RUN_CHECKS:
            fn, defect = RUN_CHECKS[name]
            for seed in seeds:
                for scen in scenarios:
                    failures += [f"seed {seed[-4:]} {scen}: {b}"
                                 for b in fn(base_records(scen, seed), scenarios[scen])]
            continue
        scen, variation, viewers, masks, defect = CASES[name]
        viewers = viewers + [OBSERVER]  # a map-only observer may learn none of it
        masks = set(masks) | {"keyed_version", "random_id"}
        for seed in seeds:
            base = base_records(scen, seed)
            plan = variation(plan_for(scen))
            varied = run_campaign(args.server_bin, args.source, plan, seed)
            runs += 1
            # A vacuous variation proves nothing: the GM, who sees everything, must see it.
            if compare(base["gm"], varied["gm"], {"wall_clock", "random_id"}) is None:
                failures.append(f"seed …{seed[-4:]}: the variation changed nothing the GM sees")
            for player in viewers:
                frames += len(base[player])
                bytes_compared += sum(map(len, base[player]))
                diff = compare(base[player], varied[player], masks)
                if diff:
                    i, x, y = diff
                    differing, total = count_differing(base[player], varied[player], masks)
                    failures.append(
                        f"seed …{seed[-4:]}: {player}'s frame {i} of {len(base[player])} differs, "
                        f"{differing} of {total} in all "
                        f"(variation: {variation.__doc__.split(chr(10))[0].strip()})\n"
                        f"      base:      {x[:300]}\n      variation: {y[:300]}\n{short_diff(x, y)}")
    status = 0
    for name, failures in results.items():
        defect = CASES[name][4] if name in CASES else RUN_CHECKS[name][1]
        tag = (f" (issue {str(defect).split('.')[0]} item {str(defect).split('.')[1]})"
               if "." in str(defect) else f" (issue 28 defect {defect})" if defect else "")
        if name in KNOWN_FAILING:
            if failures:
                print(f"KNOWN FAIL {name}{tag}: {KNOWN_FAILING[name]}\n    first: "
                      f"{failures[0].splitlines()[0]}", flush=True)
            else:
                print(f"FAIL {name}{tag} passes but is listed in KNOWN_FAILING: remove it from "
                      f"the list", flush=True)
                status = 1
        elif failures:
            print(f"FAIL {name}{tag}: {len(failures)} failure(s)", flush=True)
            for f in failures[:3]:
                print("    " + f, flush=True)
            status = 1
        else:
            print(f"ok   {name}{tag}", flush=True)
    print(f"{runs} runs, {frames} frames ({bytes_compared} bytes) compared, "
          f"{time.time() - start:.1f} s", flush=True)
    return status


if __name__ == "__main__":
    sys.exit(main())
