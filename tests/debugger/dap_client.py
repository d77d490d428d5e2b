#!/usr/bin/env python3
"""`spvsim dap`, the Debug Adapter Protocol on standard input/output
(docs/debugging.md), driven by a client written with the standard library only:
messages framed by Content-Length headers, JSON bodies.

usage: dap_client.py SPVSIM session RUNFILE   (RUNFILE: bugs/global_bounds built with -g)
       dap_client.py SPVSIM robustness RUNFILE SPIN_RUNFILE
           (SPIN_RUNFILE: a launch that never ends, to pause)
       dap_client.py SPVSIM host RACE_APP OPTIONS OOB_APP
       dap_client.py SPVSIM host_launches RACE_APP OPTIONS PROFILE_APP
           (host programs of tests/runtime; OPTIONS: the race kernel's build options)

`session` drives a whole debugging session: stop on entry, a breakpoint with a
condition, a line without code, threads, stackTrace with an inlined frame, scopes and
variables (expanding a buffer; a caller's frame), setVariable, evaluate, next/stepIn/stepOut, stepBack, a finding
as a `stopped` event with reason exception and its text as output, disconnect; then
hit counts and log points, also across reverseContinue.
`host` launches a host program ("program": [path, args...]): its kernel launch stops on
entry and at a breakpoint with a condition set before the launch; threads, stack (its
source, a string, by sourceReference and the `source` request),
variables, evaluate, next, stepIn, stepBack, reverseContinue inside the launch; the
program's output and exit code; then a finding of another program as an exception, and
`disconnect` ending a program stopped in its launch (`host`), or a breakpoint stopping
in both launches of a program that launches its kernel twice (`host_launches`).
`robustness` sends what a client should not (malformed framing and JSON, unknown
requests, missing arguments, requests out of order) and expects error responses and
a server that goes on; then it pauses a launch that never ends, and pauses a `stepBack`
while it replays that launch."""
import json
import os
import select
import subprocess
import sys
import tempfile
import time


LOG = []  # every message of every client, for the failure report


class Failure(Exception):
    pass


def check(condition, what):
    if not condition:
        raise Failure(what)


class Client:
    def __init__(self, spvsim, env=None):
        self.proc = subprocess.Popen([spvsim, "dap"], stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                     env=None if env is None else dict(os.environ, **env))
        self.seq = 1
        self.buffer = b""
        self.events = []  # events received, oldest first, not yet consumed
        self.log = LOG

    def send_raw(self, data):
        self.proc.stdin.write(data)
        self.proc.stdin.flush()

    def send(self, command, arguments=None):
        message = {"seq": self.seq, "type": "request", "command": command}
        if arguments is not None:
            message["arguments"] = arguments
        self.seq += 1
        body = json.dumps(message).encode()
        self.log.append(">> " + body.decode())
        self.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        return message["seq"]

    def _read_message(self, deadline):
        while True:
            end = self.buffer.find(b"\r\n\r\n")
            if end >= 0:
                header = self.buffer[:end].decode()
                length = None
                for line in header.split("\r\n"):
                    name, _, value = line.partition(":")
                    if name.strip().lower() == "content-length":
                        length = int(value.strip())
                check(length is not None, "a message without Content-Length: %r" % header)
                if len(self.buffer) >= end + 4 + length:
                    body = self.buffer[end + 4:end + 4 + length]
                    self.buffer = self.buffer[end + 4 + length:]
                    self.log.append("<< " + body.decode())
                    return json.loads(body)
            left = deadline - time.monotonic()
            check(left > 0, "timed out waiting for a message")
            ready, _, _ = select.select([self.proc.stdout], [], [], left)
            if ready:
                chunk = os.read(self.proc.stdout.fileno(), 65536)
                check(chunk, "spvsim dap closed its output")
                self.buffer += chunk

    def response(self, seq, timeout=60.0):
        """The response to request `seq`; events that come first are kept."""
        deadline = time.monotonic() + timeout
        while True:
            m = self._read_message(deadline)
            if m.get("type") == "event":
                self.events.append(m)
                continue
            check(m.get("type") == "response", "not a response or event: %r" % m)
            if m.get("request_seq") == seq:
                return m
            raise Failure("a response to request %r while waiting for %r: %r" %
                          (m.get("request_seq"), seq, m))

    def request(self, command, arguments=None, success=True):
        r = self.response(self.send(command, arguments))
        check(r["command"] == command, "response for %r to %r" % (r["command"], command))
        if success is not None:
            check(r["success"] == success, "%s: success %r, wanted %r: %r" %
                  (command, r["success"], success, r.get("message")))
        return r

    def event(self, name, timeout=60.0):
        """The first event `name` not consumed yet (events of other names are kept)."""
        deadline = time.monotonic() + timeout
        while True:
            for i, e in enumerate(self.events):
                if e["event"] == name:
                    return self.events.pop(i)
            m = self._read_message(deadline)
            check(m.get("type") == "event", "%r while waiting for event %r" % (m, name))
            self.events.append(m)

    def outputs(self):
        """The text of the output events received so far (consumed)."""
        text = "".join(e["body"]["output"] for e in self.events if e["event"] == "output")
        self.events = [e for e in self.events if e["event"] != "output"]
        return text

    def finish(self):
        try:
            self.proc.stdin.close()
        except BrokenPipeError:
            pass
        try:
            code = self.proc.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            raise Failure("spvsim dap did not exit after disconnect")
        check(code == 0, "spvsim dap exited with %d: %s" % (code, self.proc.stderr.read().decode()))


def stopped(client, reason):
    e = client.event("stopped")
    check(e["body"]["reason"] == reason,
          "stopped for %r, wanted %r: %r" % (e["body"]["reason"], reason, e["body"]))
    return e["body"]


def frames(client, thread):
    r = client.request("stackTrace", {"threadId": thread})
    return r["body"]["stackFrames"]


def evaluate(client, expression, frame=None):
    args = {"expression": expression, "context": "watch"}
    if frame is not None:
        args["frameId"] = frame
    return client.request("evaluate", args)["body"]["result"]


def variables(client, reference, **paging):
    args = {"variablesReference": reference}
    args.update(paging)
    return client.request("variables", args)["body"]["variables"]


def session(spvsim, run_file):
    c = Client(spvsim)
    caps = c.request("initialize", {"adapterID": "spvsim", "linesStartAt1": True})["body"]
    for capability in ("supportsStepBack", "supportsConditionalBreakpoints",
                       "supportsConfigurationDoneRequest", "supportsEvaluateForHovers",
                       "supportsSetVariable", "supportsHitConditionalBreakpoints",
                       "supportsLogPoints"):
        check(caps.get(capability) is True, "capability %s: %r" % (capability, caps))
    check([f["filter"] for f in caps["exceptionBreakpointFilters"]] == ["findings"],
          "exception filters %r" % caps["exceptionBreakpointFilters"])

    c.request("launch", {"program": run_file, "stopOnEntry": True})
    c.event("initialized")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          "..", "kernels", "bugs", "global_bounds.cl")
    r = c.request("setBreakpoints", {
        "source": {"path": source},
        "breakpoints": [{"line": 12, "condition": "i == 3"}, {"line": 2},
                        {"line": 11, "hitCondition": "every third"}]})
    bps = r["body"]["breakpoints"]
    check(bps[0]["verified"] and bps[0]["line"] == 12, "line 12 verified: %r" % bps[0])
    check(not bps[1]["verified"] and "No code" in bps[1].get("message", ""),
          "line 2 (a comment) unverified with a message: %r" % bps[1])
    check(not bps[2]["verified"] and "Hit count" in bps[2].get("message", ""),
          "a hit count not understood is refused, not set as a breakpoint: %r" % bps[2])
    check(os.path.samefile(bps[0]["source"]["path"], source), "breakpoint source %r" % bps[0])
    c.request("setExceptionBreakpoints", {"filters": ["findings"]})
    c.request("configurationDone")

    # Stop on entry: the kernel's first line, work-item 0 (thread 1).
    body = stopped(c, "entry")
    check(body["threadId"] == 1, "entry thread %r" % body)
    threads = c.request("threads")["body"]["threads"]
    check(len(threads) == 8, "8 work-items in the group: %r" % threads)
    # Named as the prompt names work-items: one id per dimension of the launch.
    check(threads[0] == {"id": 1, "name": "work-item (0)"}, "thread 1 %r" % threads[0])
    check(threads[7]["name"] == "work-item (7)", "thread 8 %r" % threads[7])
    f = frames(c, 1)
    check(f[0]["name"] == "global_bounds" and f[0]["line"] == 9, "entry frame %r" % f)
    check(os.path.samefile(f[0]["source"]["path"], source), "frame source %r" % f[0])

    # next: to the next line.
    c.request("next", {"threadId": 1})
    stopped(c, "step")
    check(frames(c, 1)[0]["line"] == 10, "next to line 10: %r" % frames(c, 1))

    # A finding stops as an exception, in its work-item, with its text.
    c.request("continue", {"threadId": 1})
    body = stopped(c, "exception")
    check("oob.global.read" in body["text"], "finding text %r" % body)
    check(body["threadId"] == 1, "the finding's work-item %r" % body)
    check("oob.global.read" in c.outputs(), "the finding as output")
    info = c.request("exceptionInfo", {"threadId": 1})["body"]
    check(info["exceptionId"] == "oob.global.read", "exceptionInfo %r" % info)
    f = frames(c, 1)
    check(f[0]["line"] == 11, "finding at line 11: %r" % f)
    check(evaluate(c, "i + before", f[0]["id"]) == "-2", "i + before")
    check(evaluate(c, "n - 1") == "15", "n - 1")
    r = c.request("evaluate", {"expression": "no_such_name", "context": "watch"}, success=False)
    check("No symbol" in r["message"], "an unknown name: %r" % r)
    r = c.request("evaluate", {"expression": "in[99]", "context": "watch"}, success=False)
    check(r["message"].startswith("Cannot access memory at buffer 'in'"), "unreadable: %r" % r)

    scopes = c.request("scopes", {"frameId": f[0]["id"]})["body"]["scopes"]
    names = [s["name"] for s in scopes]
    check(names == ["Locals", "Arguments", "__local memory", "Buffers"], "scopes %r" % names)
    ref = {s["name"]: s["variablesReference"] for s in scopes}
    locals_ = {v["name"]: v["value"] for v in variables(c, ref["Locals"])}
    check(locals_.get("i") == "0" and locals_.get("before") == "-2", "locals %r" % locals_)
    args = {v["name"]: v for v in variables(c, ref["Arguments"])}
    check(args["n"]["value"] == "16", "argument n %r" % args)
    check(args["in"]["value"] == "buffer 'in' + 0", "argument in %r" % args)
    buffers = {v["name"]: v for v in variables(c, ref["Buffers"])}
    check(buffers["in"]["indexedVariables"] == 16 and buffers["in"]["variablesReference"] > 0,
          "buffer in expandable %r" % buffers["in"])
    elements = variables(c, buffers["in"]["variablesReference"], start=2, count=3)
    check([(e["name"], e["value"]) for e in elements] == [("[2]", "3"), ("[3]", "4"), ("[4]", "5")],
          "in[2..4] %r" % elements)
    check(evaluate(c, elements[0]["evaluateName"]) == "3", "evaluateName of in[2]")

    # The breakpoint with a condition stops in the work-item where it holds (i == 3).
    c.request("continue", {"threadId": 1})
    body = stopped(c, "breakpoint")
    check(body["hitBreakpointIds"] == [bps[0]["id"]] and body["threadId"] == 4,
          "breakpoint in work-item 3: %r" % body)
    f = frames(c, 4)
    check(f[0]["line"] == 12, "at line 12: %r" % f)
    check(evaluate(c, "i", f[0]["id"]) == "3", "i == 3 there")

    # stepIn: into the helper the compiler may have inlined; the caller's frame below.
    c.request("stepIn", {"threadId": 4})
    stopped(c, "step")
    f = frames(c, 4)
    check([(x["name"], x["line"]) for x in f] == [("store_scaled", 5), ("global_bounds", 12)],
          "in store_scaled: %r" % f)
    check(evaluate(c, "index", f[0]["id"]) == "3", "index in the helper")
    # Scopes per stack frame: the caller's frame reads the kernel's variables.
    scopes = c.request("scopes", {"frameId": f[1]["id"]})["body"]["scopes"]
    names = [s["name"] for s in scopes]
    check(names == ["Locals", "Arguments", "__local memory", "Buffers"], "caller scopes %r" % names)
    ref = {s["name"]: s["variablesReference"] for s in scopes}
    caller = {v["name"]: v for v in variables(c, ref["Locals"])}
    check(caller["i"]["value"] == "3", "the caller's i %r" % caller)
    args = {v["name"]: v["value"] for v in variables(c, ref["Arguments"])}
    check(args.get("n") == "16", "the caller's argument n %r" % args)
    check(evaluate(c, "i", f[1]["id"]) == "3", "i in the caller's frame")
    callee = c.request("scopes", {"frameId": f[0]["id"]})["body"]["scopes"]
    callee_args = {v["name"]: v["value"] for v in variables(c, callee[1]["variablesReference"])}
    check(callee_args.get("index") == "3" and "n" not in callee_args,
          "the helper's arguments %r" % callee_args)
    # setVariable: a buffer element, the caller's `before` (in memory at -O0, in its
    # register at -O2); values set are kept when the launch is replayed (stepBack).
    buffers = {v["name"]: v for v in variables(c, ref["Buffers"])}
    r = c.request("setVariable", {"variablesReference": buffers["out"]["variablesReference"],
                                  "name": "[5]", "value": "40 + 1"})
    check(r["body"]["value"] == "41", "out[5] set: %r" % r)
    check(evaluate(c, "out[5]") == "41", "out[5] reads 41")
    r = c.request("setVariable", {"variablesReference": ref["Locals"], "name": "before",
                                  "value": "7"})
    check(r["body"]["value"] == "7" and evaluate(c, "before", f[1]["id"]) == "7",
          "before set in the caller's frame: %r" % r)
    c.request("setVariable", {"variablesReference": ref["Locals"], "name": "before",
                              "value": "0"})
    check(evaluate(c, "before", f[1]["id"]) == "0", "before set back")
    # stepBack: reverse-next, back to the call's line in the kernel.
    c.request("stepBack", {"threadId": 4})
    stopped(c, "step")
    check(frames(c, 4)[0]["line"] == 12, "stepBack to line 12: %r" % frames(c, 4))
    check(evaluate(c, "out[5]") == "0", "out[5] before it was set: %r" % evaluate(c, "out[5]"))
    c.request("stepIn", {"threadId": 4})
    stopped(c, "step")
    check(evaluate(c, "out[5]") == "41", "out[5] set again where it was set")
    check(evaluate(c, "before", frames(c, 4)[1]["id"]) == "0", "before as it was set last")
    # stepOut: back in the kernel after the call.
    c.request("stepOut", {"threadId": 4})
    stopped(c, "step")
    f = frames(c, 4)
    check(len(f) == 1 and f[0]["name"] == "global_bounds" and f[0]["line"] == 13,
          "out of store_scaled: %r" % f)
    # stepOut of the kernel: the prompt refuses `finish` there; it stays stopped.
    c.outputs()
    c.request("stepOut", {"threadId": 4})
    stopped(c, "step")
    check("not meaningful in the outermost frame" in c.outputs(), "finish refused")
    check(frames(c, 4)[0]["line"] == 13, "still at line 13")

    # Without the breakpoint, the write past the end stops in work-item 15 (thread 8 of
    # the second group).
    r = c.request("setBreakpoints", {"source": {"path": source}, "breakpoints": []})
    check(r["body"]["breakpoints"] == [], "breakpoints cleared")
    c.request("continue", {"threadId": 4})
    body = stopped(c, "exception")
    check("oob.global.write" in body["text"] and body["threadId"] == 8, "write finding %r" % body)
    check(c.request("threads")["body"]["threads"][0]["name"] == "work-item (8)",
          "the second group's threads")
    f = frames(c, 8)
    check(f[0]["line"] == 5, "the write at line 5: %r" % f)
    check(evaluate(c, "index", f[0]["id"]) == "16", "the faulting index")
    # The prompt's commands in the debug console.
    r = c.request("evaluate", {"expression": "-exec info breakpoints", "context": "repl"})
    check("Stop at findings: on" in r["body"]["result"], "-exec: %r" % r)

    c.request("disconnect", {"terminateDebuggee": True})
    c.finish()


def launch_one_per_warp(spvsim, run_file):
    """A client that launched the bounds kernel's run file with a warp per work-item (so
    that a line is hit once per work-item), and the kernel's source path."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim", "linesStartAt1": True})
    c.request("launch", {"program": run_file, "warpWidth": 1})
    c.event("initialized")
    return c, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           "..", "kernels", "bugs", "global_bounds.cl")


def hits_and_log_points(spvsim, run_file):
    """Hit counts (hitCondition "% 5": every fifth hit) and a log point ({EXPR} in the
    message, an output event, no stop), with a warp per work-item so that a line is hit
    once per work-item; the hit counts are those of the point reverseContinue goes back to,
    and going forward again over the hits the log point logged logs nothing."""
    c, source = launch_one_per_warp(spvsim, run_file)
    r = c.request("setBreakpoints", {
        "source": {"path": source},
        "breakpoints": [{"line": 11, "logMessage": "i={i} before={before} {{i}} {no_such}"},
                        {"line": 12, "hitCondition": "% 5"}]})
    bps = r["body"]["breakpoints"]
    check(all(b["verified"] for b in bps), "log point and hit count set: %r" % bps)
    c.request("setExceptionBreakpoints", {"filters": []})
    c.request("configurationDone")

    def stop_at_i(wanted):
        body = stopped(c, "breakpoint")
        check(body["hitBreakpointIds"] == [bps[1]["id"]], "the hit count's breakpoint %r" % body)
        f = frames(c, body["threadId"])
        check(f[0]["line"] == 12, "at line 12: %r" % f)
        i = evaluate(c, "i", f[0]["id"])
        check(i == str(wanted), "hit %d of line 12 is work-item %d: i = %s" % (wanted + 1, wanted, i))
        return body["threadId"]

    thread = stop_at_i(4)  # hits 5, 10, 15: work-items 4, 9, 14
    c.request("continue", {"threadId": thread})
    thread = stop_at_i(9)
    logged = c.outputs()
    check("i=0 before=-2 {i} <error: No symbol \"no_such\"" in logged, "log point %r" % logged)
    check("i=9 before=0" in logged and "i=10 " not in logged, "logged up to the stop: %r" % logged)
    # Back to hit 5; forward again stops at hit 10, not 6: the counts went back too.
    c.request("reverseContinue", {"threadId": thread})
    thread = stop_at_i(4)
    c.request("continue", {"threadId": thread})
    thread = stop_at_i(9)
    c.request("continue", {"threadId": thread})
    thread = stop_at_i(14)
    c.request("continue", {"threadId": thread})
    c.event("terminated")
    logged += c.outputs()
    check("i=15 before=0" in logged, "the last work-item logged: %r" % logged)
    for i in range(16):
        check(logged.count("i=%d before=" % i) == 1, "work-item %d logged once: %r" % (i, logged))
    c.request("disconnect")
    c.finish()


def hits_after_going_back(spvsim, run_file):
    """A breakpoint set while the launch is stopped counts the hits it sees from there, not
    those the replay of reverseContinue sees before it was set, so its hit count rule
    ("== 2") stops again at the same hit; setBreakpoints keeps an unchanged breakpoint and
    its count; the findings of a launch are shown once, none of the launch abandoned by
    reverseContinue (a warp per work-item: it used to run on up to the watchdog's poll)."""
    c, source = launch_one_per_warp(spvsim, run_file)
    first = c.request("setBreakpoints", {
        "source": {"path": source},
        "breakpoints": [{"line": 12, "condition": "i == 6"}]})["body"]["breakpoints"]
    c.request("setExceptionBreakpoints", {"filters": []})
    c.request("configurationDone")

    def stop_at(line, i):
        body = stopped(c, "breakpoint")
        f = frames(c, body["threadId"])
        check(f[0]["line"] == line, "at line %d: %r" % (line, f))
        check(evaluate(c, "i", f[0]["id"]) == str(i), "stopped in work-item %d: %r" % (i, body))
        return body

    thread = stop_at(12, 6)["threadId"]
    bps = c.request("setBreakpoints", {
        "source": {"path": source},
        "breakpoints": [{"line": 12, "condition": "i == 6"},
                        {"line": 10, "hitCondition": "== 2"},
                        {"line": 11, "logMessage": "log i={i}"}]})["body"]["breakpoints"]
    check(bps[0]["id"] == first[0]["id"], "the unchanged breakpoint is kept: %r %r" % (first, bps))
    info = c.request("evaluate", {"expression": "-exec info breakpoints",
                                  "context": "repl"})["body"]["result"]
    check("already hit 1 time\n" in info, "its hit counted: %r" % info)
    c.request("continue", {"threadId": thread})
    body = stop_at(10, 8)  # line 10 set at work-item 6: hit 1 in work-item 7, hit 2 in 8
    check(body["hitBreakpointIds"] == [bps[1]["id"]], "the hit count's breakpoint %r" % body)
    c.request("reverseContinue", {"threadId": body["threadId"]})
    thread = stop_at(12, 6)["threadId"]
    info = c.request("evaluate", {"expression": "-exec info breakpoints",
                                  "context": "repl"})["body"]["result"]
    check(info.count("already hit") == 1, "no hits of line 10 before it was set: %r" % info)
    c.request("continue", {"threadId": thread})
    stop_at(10, 8)
    c.request("continue", {"threadId": body["threadId"]})
    c.event("terminated")
    logged = c.outputs()
    for i in range(7, 16):
        check(logged.count("log i=%d\n" % i) == 1, "work-item %d logged once: %r" % (i, logged))
    check("log i=6\n" not in logged, "no log before the log point was set: %r" % logged)
    check(logged.count("[oob.global.read]") == 1 and logged.count("[oob.global.write]") == 1,
          "each finding shown once: %r" % logged)
    check("hang." not in logged, "nothing of the abandoned launch: %r" % logged)
    c.request("disconnect")
    c.finish()


def two_dimensions(spvsim, run_file):
    """A 2-D launch's threads are named as the prompt names its work-items: "(1, 0)"."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    c.request("launch", {"program": run_file})
    c.event("initialized")
    source = os.path.join(os.path.dirname(os.path.abspath(__file__)), "kernels", "image_texels.cl")
    c.request("setBreakpoints", {"source": {"path": source}, "breakpoints": [{"line": 8}]})
    c.request("configurationDone")
    body = stopped(c, "breakpoint")
    threads = c.request("threads")["body"]["threads"]
    names = [t["name"] for t in threads]
    check(names[:2] == ["work-item (0, 0)", "work-item (1, 0)"], "2-D thread names %r" % names)
    r = c.request("evaluate", {"expression": "-exec info workitems", "context": "repl"})
    focus = [t["name"] for t in threads if t["id"] == body["threadId"]]
    check(focus and "Focus: " + focus[0] in r["body"]["result"],
          "the prompt's name of the stop's thread %r: %r" % (focus, r["body"]["result"]))
    c.request("disconnect")
    c.finish()


def run_to_end(spvsim, run_file):
    """Without breakpoints or findings stops, the launches run to their end."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    c.request("launch", {"program": run_file})
    c.event("initialized")
    c.request("setExceptionBreakpoints", {"filters": []})
    c.request("configurationDone")
    e = c.event("exited")
    check(e["body"]["exitCode"] == 1, "exit code 1 for findings: %r" % e)
    c.event("terminated")
    check("[The run finished: 2 findings" in c.outputs(), "the run's summary as output")
    c.request("disconnect")
    c.finish()


def robustness(spvsim, run_file, spin_file):
    c = Client(spvsim)
    c.request("threads", success=False)  # before initialize
    body = b"{not json"
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    r = c.response(0)
    check(not r["success"] and "not JSON" in r["message"], "malformed JSON: %r" % r)
    body = b"[1, 2]"
    c.send_raw(b"Content-Length: %d\r\n\r\n" % len(body) + body)
    check(not c.response(0)["success"], "a JSON array")
    c.send_raw(b"X-Nothing: 1\r\n\r\n")
    check("Content-Length" in c.response(0)["message"], "no Content-Length")
    c.request("initialize", {"adapterID": "spvsim"})
    r = c.request("no_such_request", {}, success=False)
    check("Unknown request" in r["message"], "unknown request %r" % r)
    c.request("launch", {}, success=False)  # no program
    r = c.request("launch", {"program": "/nonexistent/run.json"}, success=False)
    check(r["message"], "a launch that cannot be read says why")
    c.request("stackTrace", {"threadId": 1}, success=False)  # not launched
    c.request("launch", {"program": spin_file})
    c.event("initialized")
    c.request("setBreakpoints", {"breakpoints": [{"line": 1}]}, success=False)  # no source
    c.request("setBreakpoints", {"source": {"path": "x.cl"}, "breakpoints": [{"line": "one"}]},
              success=False)
    c.request("stackTrace", {}, success=False)  # no threadId
    c.request("variables", {"variablesReference": 999}, success=False)
    c.request("scopes", {"frameId": 999}, success=False)
    c.request("next", {"threadId": 1}, success=False)  # not started
    c.request("configurationDone")
    # The launch never ends: pause stops it.
    time.sleep(0.5)
    c.request("pause", {"threadId": 1})
    stopped(c, "pause")
    check(len(c.request("threads")["body"]["threads"]) >= 1, "threads while paused")
    c.request("disconnect")
    c.finish()


def pause_step_back(spvsim, spin_file):
    """A `pause` that arrives while `stepBack` replays the launch stops the replay: a
    `stopped` event with reason pause, and the session goes on from there."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    c.request("launch", {"program": spin_file})
    c.event("initialized")
    c.request("configurationDone")
    # Long enough that replaying the launch up to the pause takes far longer than the
    # moment the second pause waits.
    time.sleep(2.0)
    c.request("pause", {"threadId": 1})
    thread = stopped(c, "pause")["threadId"]
    seq = c.send("stepBack", {"threadId": thread})
    time.sleep(0.3)
    c.request("pause", {"threadId": thread})
    r = c.response(seq)
    check(r["success"], "stepBack stopped by pause answers success: %r" % r)
    stopped(c, "pause")
    # The session goes on: the launch is inspected, resumed and paused again.
    check(len(c.request("threads")["body"]["threads"]) >= 1, "threads after the paused stepBack")
    check(frames(c, thread), "a stack after the paused stepBack")
    c.request("continue", {"threadId": thread})
    time.sleep(0.3)
    c.request("pause", {"threadId": thread})
    stopped(c, "pause")
    c.request("disconnect")
    c.finish()


def host_session(spvsim, race_app, options):
    """The race kernel of tests/runtime/race_app.c, built with `options` by the program."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim", "linesStartAt1": True})
    c.request("launch", {"program": [race_app, "--options", options], "stopOnEntry": True,
                         "cwd": os.path.dirname(race_app)})
    c.event("initialized")
    # Before the program runs, a breakpoint waits for the launches' modules.
    r = c.request("setBreakpoints", {"source": {"path": "input.cl"},
                                     "breakpoints": [{"line": 7, "condition": "l == 5"}]})
    bp = r["body"]["breakpoints"][0]
    check(not bp["verified"] and "each kernel launch" in bp["message"], "pending %r" % bp)
    c.request("setExceptionBreakpoints", {"filters": ["findings"]})
    c.request("configurationDone")

    body = stopped(c, "entry")
    check(body["threadId"] == 1, "entry in work-item 0: %r" % body)
    changed = c.event("breakpoint")["body"]["breakpoint"]
    check(changed["id"] == bp["id"] and changed["verified"], "verified in the launch: %r" % changed)
    threads = c.request("threads")["body"]["threads"]
    check(len(threads) == 64 and threads[5]["name"] == "work-item (5)", "threads %r" % threads)
    f = frames(c, 1)
    check(f[0]["name"] == "neighbours" and f[0]["source"]["name"] == "input.cl", "frame %r" % f)
    # The program's source is a string, not a file: the client gets its text by reference.
    reference = f[0]["source"].get("sourceReference", 0)
    check(reference > 0 and "path" not in f[0]["source"], "source by reference: %r" % f[0])
    text = c.request("source", {"source": f[0]["source"], "sourceReference": reference})
    check("__kernel" in text["body"]["content"] and "neighbours" in text["body"]["content"],
          "the program's source: %r" % text)
    entry_line = f[0]["line"]
    c.request("next", {"threadId": 1})
    stopped(c, "step")
    check(frames(c, 1)[0]["line"] > entry_line, "next moved on: %r" % frames(c, 1))

    # The breakpoint set before the launch stops where its condition holds.
    c.request("continue", {"threadId": 1})
    body = stopped(c, "breakpoint")
    check(body["hitBreakpointIds"] == [bp["id"]] and body["threadId"] == 6,
          "breakpoint in work-item 5: %r" % body)
    f = frames(c, 6)
    check(f[0]["line"] == 7, "at line 7: %r" % f)
    check(evaluate(c, "l", f[0]["id"]) == "5", "l")
    check(evaluate(c, "tile[l]", f[0]["id"]) == "25", "tile[l] holds in[5]")
    scopes = c.request("scopes", {"frameId": f[0]["id"]})["body"]["scopes"]
    ref = {s["name"]: s["variablesReference"] for s in scopes}
    args = {v["name"]: v["value"] for v in variables(c, ref["Arguments"])}
    check("in" in args and "out" in args, "the kernel's arguments %r" % args)
    r = c.request("evaluate", {"expression": "-exec info workitems", "context": "repl"})
    check("Focus: work-item (5)" in r["body"]["result"], "-exec in a launch: %r" % r)

    # Back over line 6: tile[l] as the barrier left it; forward again.
    c.request("stepBack", {"threadId": 6})
    stopped(c, "step")
    check(frames(c, 6)[0]["line"] == 6, "stepBack to line 6: %r" % frames(c, 6))
    check(evaluate(c, "tile[l]") == "0", "tile[l] before line 6: %r" % evaluate(c, "tile[l]"))
    c.request("stepIn", {"threadId": 6})
    c.event("stopped")  # at line 7: the breakpoint's line
    check(frames(c, 6)[0]["line"] == 7, "stepIn to line 7: %r" % frames(c, 6))
    check(evaluate(c, "tile[l]") == "25", "tile[l] after line 6")
    # reverseContinue: back to the launch's start; continue: the breakpoint again.
    c.request("reverseContinue", {"threadId": 6})
    body = c.event("stopped")["body"]
    ids = [t["id"] for t in c.request("threads")["body"]["threads"]]
    check(body.get("threadId") in ids, "the launch's start names a thread of %r: %r" % (ids, body))
    c.request("continue", {"threadId": body["threadId"]})
    body = stopped(c, "breakpoint")
    check(body["threadId"] == 6, "the breakpoint again after reverseContinue: %r" % body)

    # Past the last stop the program finishes: its output, its exit code.
    c.request("setBreakpoints", {"source": {"path": "input.cl"}, "breakpoints": []})
    c.request("continue", {"threadId": 6})
    e = c.event("exited")
    check(e["body"]["exitCode"] == 0, "exit code %r" % e)
    c.event("terminated")
    out = c.outputs()
    check("out[63] = " in out, "the program's output: %r" % out)
    c.request("threads")  # between launches and after: the program's one thread
    c.request("disconnect")
    c.finish()


def host_finding_and_disconnect(spvsim, oob_app):
    """A finding in a program's launch stops as an exception; `disconnect` while the
    launch is stopped ends the program."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    c.request("launch", {"program": [oob_app]})
    c.event("initialized")
    c.request("configurationDone")
    body = stopped(c, "exception")
    check("oob.global.write" in body["text"] and body["threadId"] == 64, "finding %r" % body)
    check(c.request("exceptionInfo", {"threadId": 64})["body"]["exceptionId"] == "oob.global.write",
          "exceptionInfo")
    c.request("continue", {"threadId": 64})
    check(c.event("exited")["body"]["exitCode"] == 1, "exit code 1 with a finding")
    c.event("terminated")
    out = c.outputs()
    check("out[63] = 62" in out and "oob.global.write" in out, "output %r" % out)
    c.request("disconnect")
    c.finish()

    # The launches' socket is in a directory of TMPDIR, removed at the end.
    mark = "dap-%d-%f" % (os.getpid(), time.time())
    with tempfile.TemporaryDirectory() as tmp:
        c = Client(spvsim, {"TMPDIR": tmp})
        c.request("initialize", {"adapterID": "spvsim"})
        c.request("launch", {"program": [oob_app, "--fixed"], "stopOnEntry": True,
                             "env": {"SPVSIM_DAP_TEST_MARK": mark}})
        c.event("initialized")
        c.request("configurationDone")
        stopped(c, "entry")
        check(marked_processes(mark), "the program runs with the launch's env")
        check([d for d in os.listdir(tmp) if d.startswith("spvsim-dap-")],
              "the socket's directory in TMPDIR: %r" % os.listdir(tmp))
        c.request("disconnect", {"terminateDebuggee": True})
        c.finish()
        check(not marked_processes(mark), "the program still runs after disconnect")
        check(not os.listdir(tmp), "left in TMPDIR: %r" % os.listdir(tmp))

    # A program that cannot be run: the launch's error response, nothing started.
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    missing = os.path.join(os.path.dirname(oob_app), "no-such-program")
    r = c.request("launch", {"program": [missing]}, success=False)
    check("no-such-program" in r["message"] and "does not exist" in r["message"],
          "launch of a missing program: %r" % r)
    r = c.request("launch", {"program": ["spvsim-no-such-command"]}, success=False)
    check("not found on PATH" in r["message"], "launch of a command not on PATH: %r" % r)
    r = c.request("launch", {"program": [os.path.dirname(oob_app)]}, success=False)
    check("not an executable file" in r["message"], "launch of a directory: %r" % r)
    c.request("disconnect")
    c.finish()


def host_two_launches(spvsim, profile_app):
    """A breakpoint set once stops in each launch of a program that launches its kernel
    twice (tests/runtime/profile_app.c, built -g by the program)."""
    c = Client(spvsim)
    c.request("initialize", {"adapterID": "spvsim"})
    c.request("launch", {"program": [profile_app, "-g"]})
    c.event("initialized")
    r = c.request("setBreakpoints", {"source": {"path": "input.cl"},
                                     "breakpoints": [{"line": 9, "condition": "i == 40"}]})
    bp = r["body"]["breakpoints"][0]
    c.request("configurationDone")
    for launch in (1, 2):
        body = stopped(c, "breakpoint")
        check(body["hitBreakpointIds"] == [bp["id"]] and body["threadId"] == 9,
              "launch %d: work-item 40 (local 8): %r" % (launch, body))
        check(evaluate(c, "sum") == "646", "launch %d: sum" % launch)
        c.request("continue", {"threadId": 9})
    check(c.event("exited")["body"]["exitCode"] == 0, "exit code 0")
    c.event("terminated")
    out = c.outputs()
    check("out[63] = " in out and "hits = 64" in out, "output %r" % out)
    c.request("disconnect")
    c.finish()


def marked_processes(mark):
    """The processes whose environment holds SPVSIM_DAP_TEST_MARK=mark."""
    found = []
    for pid in os.listdir("/proc"):
        try:
            with open("/proc/%s/environ" % pid, "rb") as f:
                if ("SPVSIM_DAP_TEST_MARK=" + mark).encode() in f.read().split(b"\0"):
                    found.append(pid)
        except (OSError, ValueError):
            pass
    return found


def main():
    spvsim, mode = sys.argv[1:3]
    try:
        if mode == "session":
            session(spvsim, sys.argv[3])
            run_to_end(spvsim, sys.argv[3])
            hits_and_log_points(spvsim, sys.argv[3])
            hits_after_going_back(spvsim, sys.argv[3])
            if len(sys.argv) > 4:
                two_dimensions(spvsim, sys.argv[4])
        elif mode == "host":
            host_session(spvsim, sys.argv[3], sys.argv[4])
            host_finding_and_disconnect(spvsim, sys.argv[5])
        elif mode == "host_launches":
            host_session(spvsim, sys.argv[3], sys.argv[4])
            host_two_launches(spvsim, sys.argv[5])
        elif mode == "robustness":
            robustness(spvsim, sys.argv[3], sys.argv[4])
            pause_step_back(spvsim, sys.argv[4])
        else:
            sys.exit("unknown mode %r" % mode)
    except Failure as f:
        print("FAILED: %s\nlast messages:\n%s" % (f, "\n".join(LOG[-30:])), file=sys.stderr)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
