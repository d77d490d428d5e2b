#!/usr/bin/env python3
"""The debugger's prompt on a pseudo-terminal (docs/debugging.md): line editing and
history (libedit), and Ctrl-C stopping a running launch and returning to the prompt
without ending spvsim; Ctrl-C at the prompt is ignored; Ctrl-C stops a reverse
command's replay and leaves the launch where it was.

usage: prompt_pty.py SPVSIM RUNFILE  (RUNFILE: a launch that never ends)"""
import os
import pty
import select
import sys
import time

spvsim, run_file = sys.argv[1:3]
pid, fd = pty.fork()
if pid == 0:
    os.environ["TERM"] = "dumb"
    os.execv(spvsim, [spvsim, "debug", run_file])

output = b""
cursor = 0  # what read_until has matched so far


def read_until(text, timeout=30.0):
    """Reads the terminal until `text` appears after the last match; moves past it."""
    global output, cursor
    deadline = time.monotonic() + timeout
    while output.find(text.encode(), cursor) < 0:
        left = deadline - time.monotonic()
        if left <= 0:
            sys.exit("timed out waiting for %r; the terminal showed:\n%s" %
                     (text, output.decode(errors="replace")))
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                output += os.read(fd, 4096)
            except OSError:  # spvsim has ended: what was waited for never came
                sys.exit("spvsim ended while waiting for %r; the terminal showed:\n%s" %
                         (text, output.decode(errors="replace")))
    cursor = output.find(text.encode(), cursor) + len(text)


def send(data):
    os.write(fd, data)


read_until("(spvsim) ")
# Line editing: a typo rubbed out with backspace.
send(b"info breakpoinX\x7fts\r")
read_until("No breakpoints or watchpoints.")
read_until("(spvsim) ")
# History: the up arrow brings the last command back.
send(b"\x1b[A\r")
read_until("No breakpoints or watchpoints.")
# Ctrl-C at the prompt is ignored.
send(b"\x03")
time.sleep(0.5)
# Ctrl-C stops a launch that never ends, at a work-item, back at the prompt.
send(b"run\r")
time.sleep(2)
send(b"\x03")
read_until("Interrupted, work-item")
read_until("(spvsim) ")
send(b"print flag[0]\r")
read_until("$1 = 0")
# Ctrl-C while a reverse command replays the launch up to its stop: the replay stops,
# the launch stays where it was (the same work-item, its variables still readable).
send(b"reverse-stepi\r")
time.sleep(0.5)
send(b"\x03")
read_until("Interrupted: the replay stopped; the launch is still where it stopped.")
read_until("(spvsim) ")
send(b"print flag[0]\r")
read_until("$2 = 0")
read_until("(spvsim) ")
# The Ctrl-C was the replay's: `continue` runs (the launch never ends) until the next one.
send(b"continue\r")
time.sleep(1.5)
if b"Interrupted," in output[cursor:]:
    sys.exit("continue stopped at once after an interrupted replay:\n%s" %
             output.decode(errors="replace"))
send(b"\x03")
read_until("Interrupted, work-item")
read_until("(spvsim) ")
send(b"quit\r")
_, status = os.waitpid(pid, 0)
if not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
    sys.exit("spvsim did not exit with status 0: %r" % status)
print("ok")
