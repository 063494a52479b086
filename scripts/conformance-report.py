#!/usr/bin/env python3
"""Tables of a scripts/conformance.sh run.

Usage: conformance-report.py OUT CATCH_DIR BUILD_ONLY TIMEOUT

Reads what conformance.sh left under OUT (files.list, logs/DIR/FILE.build,
cases/DIR/FILE/N.{name,exit,xml}) and writes OUT/cases.tsv, OUT/files.tsv and
OUT/summary.md.  A case passed when Catch2's XML reporter says it succeeded
and the process exited 0; it was skipped when it also printed
HIP_SKIP_THIS_TEST; anything else (a failed assertion, a crash, a timeout,
no report) is a failure, described by its first error.
"""
import os
import re
import sys
import time
import xml.etree.ElementTree as ET

SKIP_MARK = "HIP_SKIP_THIS_TEST"


def read(path, default=""):
    try:
        with open(path, errors="replace") as f:
            return f.read()
    except OSError:
        return default


def one_line(text, limit=300):
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit - 3] + "..."


def amd_exclusions(catch):
    """Case names hip-tests' own AMD Linux exclusion list disables."""
    text = read(os.path.join(catch, "hipTestMain", "config", "config_amd_linux"))
    names = set()
    for m in re.finditer(r'^\s*"([^"]+)"', text, re.M):
        if not m.group(1).startswith("NOTE"):
            names.add(m.group(1))
    return names


def first_failure(case):
    """The first thing Catch2 reports as failed inside a TestCase element,
    with the INFO messages in scope (HIP_CHECK says there which call failed
    and with what error)."""
    info = []
    for el in case.iter():
        if el.tag == "Info" and el.text:
            info.append(re.sub(r"\s*In File:.*", "", el.text.strip(), flags=re.S))
            continue
        fatal = el.find("FatalErrorCondition") if el.tag == "Expression" else None
        if fatal is not None:
            el = fatal
        elif el.tag == "Expression" and el.get("success") == "false":
            where = "%s:%s" % (os.path.basename(el.get("filename", "?")),
                               el.get("line", "?"))
            orig = (el.findtext("Original") or "").strip()
            expanded = (el.findtext("Expanded") or "").strip()
            text = "%s: %s(%s)" % (where, el.get("type", ""), orig)
            if expanded and expanded != orig:
                text += " with expansion %s" % expanded
            if info:
                text += " [" + " / ".join(info) + "]"
            return text
        if el.tag in ("FatalErrorCondition", "Exception", "Failure"):
            where = "%s:%s" % (os.path.basename(el.get("filename", "?")),
                               el.get("line", "?"))
            return "%s: %s: %s" % (where, el.tag, (el.text or "").strip())
        if el.tag == "Expression":
            info = []
    return "Catch2 reported a failure without an expression"


def log_sections(path):
    """The per-file run log, cut into one piece per case (in run order)."""
    sections = []
    for line in read(path).splitlines():
        if line.startswith("=== ") and not line.startswith("=== exit "):
            sections.append([])
        elif sections and not line.startswith("=== exit "):
            sections[-1].append(line)
    return sections


def case_result(xml_path, exit_code, log_lines, timeout):
    """(result, detail) of one case."""
    last = next((l for l in reversed(log_lines) if l.strip()), "")
    root = None
    try:
        root = ET.parse(xml_path).getroot()
    except (OSError, ET.ParseError):
        pass
    cases = [] if root is None else list(root.iter("TestCase"))
    if exit_code in (124, 137):
        # timeout(1) stopped it; Catch2 may still have written its report.
        where = ""
        for fatal in [] if root is None else root.iter("FatalErrorCondition"):
            where = " (at %s:%s)" % (os.path.basename(fatal.get("filename", "?")),
                                     fatal.get("line", "?"))
        return "failed", "timed out after %d s%s" % (timeout, where)
    if root is None or (not cases and exit_code != 0):
        if exit_code > 128:
            why = "crashed (signal %d)" % (exit_code - 128)
        else:
            why = "exited %d without a Catch2 report" % exit_code
        return "failed", why + (": " + last if last else "")
    if not cases:
        return "failed", "Catch2 ran no case of this name"
    case = cases[0]
    overall = case.find("OverallResult")
    stdout = "" if overall is None else (overall.findtext("StdOut") or "")
    ok = overall is not None and overall.get("success") == "true"
    if not ok:
        return "failed", first_failure(case)
    if exit_code != 0:
        return "failed", "passed, then exited %d: %s" % (exit_code, last)
    if SKIP_MARK in stdout or any(SKIP_MARK in l for l in log_lines):
        reason = re.search(r"Reason:\s*(.*)", stdout)
        return "skipped", reason.group(1).strip() if reason else "HIP_SKIP_TEST"
    return "passed", ""


# On a device without images (gfx942: hipDeviceAttributeImageSupport 0)
# hip-tests' CHECK_IMAGE_SUPPORT makes a case return early, which Catch2
# reports as a pass.  Such a case tested nothing (or only the part before
# the check), so it is counted as skipped, not passed.  conformance.sh
# says which (CONFORMANCE_IMAGES, from the board's target).
IMAGES = os.environ.get("CONFORMANCE_IMAGES", "0") == "1"
IMAGE_GATE = re.compile(r"\bCHECK_IMAGE_SUPPORT\b|\bisImageSupported\s*\(")
CASE_MACRO = re.compile(r"\b(?:TEMPLATE_TEST_CASE|TEMPLATE_TEST_CASE_SIG|TEMPLATE_PRODUCT_TEST_CASE|"
                        r"TEST_CASE|HIP_TEST_CASE)\s*\(\s*\"((?:[^\"\\]|\\.)*)\"")


def image_gated(path):
    """Names of the test cases in PATH whose text (up to the next test case)
    asks for image support.  A template case is listed as NAME - TYPE."""
    text = read(path)
    marks = list(CASE_MACRO.finditer(text))
    gated = set()
    for i, m in enumerate(marks):
        end = marks[i + 1].start() if i + 1 < len(marks) else len(text)
        if IMAGE_GATE.search(text, m.end(), end):
            gated.add(m.group(1))
    return gated


def is_gated(cname, gated):
    return any(cname == g or cname.startswith(g + " - ") for g in gated)


def main():
    out, catch, build_only, timeout = sys.argv[1], sys.argv[2], sys.argv[3] == "1", int(sys.argv[4])
    excluded = amd_exclusions(catch)
    files = [l.split(" ", 1) for l in read(os.path.join(out, "files.list")).splitlines() if l]

    dirs = []
    per_dir = {}
    case_rows = []
    file_rows = []
    for d, name in files:
        if d not in per_dir:
            dirs.append(d)
            per_dir[d] = dict(files=0, built=0, cases=0, passed=0, failed=0,
                              skipped=0, broken=[], failures=[], skips=[])
        t = per_dir[d]
        t["files"] += 1
        status = read(os.path.join(out, "logs", d, name + ".build")).strip()
        built = status == "ok"
        counts = dict(cases=0, passed=0, failed=0, skipped=0)
        if built:
            t["built"] += 1
        else:
            t["broken"].append((name, status or "not built"))
        case_dir = os.path.join(out, "cases", d, name)
        gated = set() if IMAGES else image_gated(os.path.join(catch, "unit", d, name))
        if built and not build_only:
            sections = log_sections(os.path.join(out, "logs", d, name + ".run.log"))
            n = 1
            while os.path.exists(os.path.join(case_dir, "%d.name" % n)):
                cname = read(os.path.join(case_dir, "%d.name" % n)).rstrip("\n")
                try:
                    code = int(read(os.path.join(case_dir, "%d.exit" % n)).strip())
                except ValueError:
                    code = -1
                lines = sections[n - 1] if n - 1 < len(sections) else []
                skip = os.path.join(case_dir, "%d.skip" % n)
                if os.path.exists(skip):
                    result, detail = "skipped", "barehip: " + read(skip).strip()
                else:
                    result, detail = case_result(os.path.join(case_dir, "%d.xml" % n),
                                                 code, lines, timeout)
                if result == "passed" and is_gated(cname, gated):
                    result, detail = "skipped", ("image-gated: passed by returning early through "
                                                 "CHECK_IMAGE_SUPPORT (the device has no images)")
                amd = "yes" if cname in excluded else ""
                # hip-tests' own AMD configuration does not run these
                # (ROCm fails them): run anyway, a pass counts, a failure
                # is skipped as that configuration skips it, its error kept.
                if result == "failed" and amd:
                    result, detail = "skipped", "on hip-tests' AMD exclusion list, and fails: " + detail
                case_rows.append((d, name, cname, result, amd, one_line(detail)))
                counts["cases"] += 1
                counts[result] += 1
                if result == "failed":
                    t["failures"].append((name, cname, one_line(detail), amd))
                elif result == "skipped":
                    t["skips"].append((name, cname, one_line(detail)))
                n += 1
            if n == 1:
                log = read(os.path.join(out, "logs", d, name + ".run.log"))
                if "listing the cases failed" in log:
                    why = "no case listed: " + one_line(log)
                    case_rows.append((d, name, "(listing the cases)", "failed", "", why))
                    counts["cases"] += 1
                    counts["failed"] += 1
                    t["failures"].append((name, "(listing the cases)", why, ""))
                else:
                    # The program lists no case: hip-tests compiles none in
                    # for AMD (e.g. the texture-reference tests, under
                    # #if CUDA_VERSION < CUDA_12000, which is false there).
                    why = "no test case is compiled in for AMD (the program lists none)"
                    case_rows.append((d, name, "(no cases)", "skipped", "", why))
                    counts["cases"] += 1
                    counts["skipped"] += 1
                    t["skips"].append((name, "(no cases)", why))
        for k in counts:
            t[k] += counts[k]
        file_rows.append((d, name, "yes" if built else "no", counts["cases"],
                          counts["passed"], counts["failed"], counts["skipped"],
                          "" if built else one_line(status)))

    with open(os.path.join(out, "cases.tsv"), "w") as f:
        f.write("directory\tfile\tcase\tresult\tamd_excluded\tdetail\n")
        for row in case_rows:
            f.write("\t".join(str(c).replace("\t", " ") for c in row) + "\n")
    with open(os.path.join(out, "files.tsv"), "w") as f:
        f.write("directory\tfile\tbuilt\tcases\tpassed\tfailed\tskipped\tbuild_error\n")
        for row in file_rows:
            f.write("\t".join(str(c).replace("\t", " ") for c in row) + "\n")

    md = ["# hip-tests conformance", "",
          "%s, hip-tests at `%s`%s." % (time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
                                        catch, ", build only" if build_only else ""),
          "",
          "| directory | files | built | cases | passed | failed | skipped |",
          "|---|---:|---:|---:|---:|---:|---:|"]
    keys = ("files", "built", "cases", "passed", "failed", "skipped")
    total = dict((k, 0) for k in keys)
    for d in dirs:
        t = per_dir[d]
        md.append("| %s | %s |" % (d, " | ".join(str(t[k]) for k in keys)))
        for k in keys:
            total[k] += t[k]
    if len(dirs) > 1:
        md.append("| **all** | %s |" % " | ".join("**%d**" % total[k] for k in keys))
    for d in dirs:
        t = per_dir[d]
        if not t["broken"] and not t["failures"] and not t["skips"]:
            continue
        md += ["", "## %s" % d, ""]
        for name, why in t["broken"]:
            md.append("- `%s` does not build: %s" % (name, why.replace("|", "\\|")))
        for name, cname, why, amd in t["failures"]:
            md.append("- `%s` %s: %s%s" % (name, cname, why,
                                           " (on hip-tests' AMD exclusion list)" if amd else ""))
        gated_files = {}
        for name, cname, why in t["skips"]:
            if why.startswith("image-gated"):
                gated_files[name] = gated_files.get(name, 0) + 1
                continue
            md.append("- skipped: `%s` %s: %s" % (name, cname, why))
        if gated_files:
            md.append("- skipped, image-gated (passed by returning early through CHECK_IMAGE_SUPPORT; "
                      "the device has no images): %s" % ", ".join(
                          "`%s` %d" % (n, c) for n, c in sorted(gated_files.items())))
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("\n".join(md) + "\n")
    print("\n".join(md[4:4 + 2 + len(dirs) + (1 if len(dirs) > 1 else 0)]))


if __name__ == "__main__":
    main()
