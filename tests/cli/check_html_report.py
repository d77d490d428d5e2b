#!/usr/bin/env python3
"""Checks the HTML page of `spvsim run --report FILE.html`.

check_html_report.py FILE [--finding KIND]... [--heat LINE]... [--text TEXT]... [--dom]

Always: the page references nothing outside itself (no src, href, url(), @import,
<link>, <script src>, no http: or https:), and each --text appears in the file as
written (the escaped form of the kernel's source, say). With --dom the page is loaded
in headless Chromium (exit status 77, a skipped test, when it is not installed) and
the DOM it builds is checked: a finding section of each --finding KIND and, in the
heat map, a row of each --heat LINE with an instructions cell and a lanes cell.
Prints "html ok" or what is wrong (exit status 1)."""
import argparse
import html.parser
import re
import shutil
import subprocess
import sys

parser = argparse.ArgumentParser()
parser.add_argument("file")
parser.add_argument("--finding", action="append", default=[])
parser.add_argument("--heat", action="append", default=[])
parser.add_argument("--text", action="append", default=[])
parser.add_argument("--dom", action="store_true")
args = parser.parse_args()

with open(args.file, encoding="utf-8") as f:
    page = f.read()
problems = []
for pattern in [r"\bsrc\s*=", r"\bhref\s*=", r"url\s*\(", r"@import", r"<link\b",
                r"https?:", r"<iframe\b", r"<object\b", r"<embed\b", r"<img\b"]:
    for m in re.finditer(pattern, page, re.IGNORECASE):
        problems.append(f"external reference {m.group(0)!r} at offset {m.start()}")
for text in args.text:
    if text not in page:
        problems.append(f"{text!r} is not in the page")


class Dom(html.parser.HTMLParser):
    """The finding sections' kinds and the heat-map rows with both count cells."""

    def __init__(self):
        super().__init__()
        self.kinds, self.rows, self.row, self.cells = set(), set(), None, set()

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if tag == "section" and "finding" in classes and a.get("data-kind"):
            self.kinds.add(a.get("data-kind"))
        if tag == "tr":
            self.row, self.cells = a.get("data-line"), set()
        if tag == "td" and self.row and ("heat" in classes or "lanes" in classes):
            if (a.get("style") or "").startswith("background:"):
                self.cells.update(c for c in classes if c in ("heat", "lanes"))

    def handle_endtag(self, tag):
        if tag == "tr" and self.row and self.cells == {"heat", "lanes"}:
            self.rows.add(self.row)


if args.dom:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    if not chromium:
        print("chromium is not installed: the page is not loaded")
        sys.exit(77)
    loaded = subprocess.run([chromium, "--headless", "--disable-gpu", "--no-sandbox",
                             "--dump-dom", "file://" + __import__("os").path.abspath(args.file)],
                            capture_output=True, text=True, timeout=120)
    dom = Dom()
    dom.feed(loaded.stdout)
    if "<h1>spvsim report</h1>" not in loaded.stdout:
        problems.append("Chromium did not load the page: " + loaded.stderr[-400:])
    for kind in args.finding:
        if kind not in dom.kinds:
            problems.append(f"no finding {kind} in the DOM (found {sorted(dom.kinds)})")
    for line in args.heat:
        if line not in dom.rows:
            problems.append(f"no heat-map row of line {line} in the DOM")
if problems:
    print("\n".join(problems))
    sys.exit(1)
print("html ok")
