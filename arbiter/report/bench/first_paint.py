#!/usr/bin/env python3
"""Opens a report's index.html from disk in headless Chromium (as
browser_test.py does) and prints, as scripts/bench lines,
PREFIX.first_paint_ms (the first contentful paint) and PREFIX.list_ms (the
game list loaded from games/K.js), the median of three cold loads.

    first_paint.py INDEX_HTML PREFIX

Exits 77 when no chromium is installed.
"""
import os
import shutil
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from browser_test import REPORT_READY, Browser  # noqa: E402


def main():
    page, prefix = sys.argv[1], sys.argv[2]
    if not (shutil.which("chromium") or shutil.which("chromium-browser")):
        return 77
    paints, lists = [], []
    for _ in range(3):
        profile = tempfile.mkdtemp(prefix="first_paint_")
        browser = Browser(profile)
        try:
            browser.open("file://" + os.path.abspath(page))
            browser.wait_for(REPORT_READY, "the report")
            paints.append(browser.eval(
                "performance.getEntriesByName('first-contentful-paint')[0]"
                ".startTime"))
            lists.append(browser.eval("Number(document.body.dataset.listMs)"))
        finally:
            browser.close()
            shutil.rmtree(profile, ignore_errors=True)
    print(f"{prefix}.first_paint_ms {sorted(paints)[1]:.0f} ms")
    print(f"{prefix}.list_ms {sorted(lists)[1]:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
