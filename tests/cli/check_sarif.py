#!/usr/bin/env python3
"""Checks a SARIF log against what the SARIF 2.1.0 schema requires of the parts
spvsim writes (sarifLog, run, tool, toolComponent, reportingDescriptor, result,
message, location, physicalLocation, artifactLocation, region), and prints each
result as "ruleId file:line:column (n related)" for the test to match.

Beyond the structure, it checks the schema's formats that JSON-schema validators
skip without extra modules: "uri" properties (helpUri) are absolute URIs and
artifactLocation.uri is an RFC 3986 URI reference (percent-encoded; an absolute
path as a file:// URI). With --schema FILE (the SARIF 2.1.0 schema of the OASIS
sarif-spec repository) and python3-jsonschema it also validates against the schema
itself; the schema is not part of spvsim."""
import json
import re
import sys

# RFC 3986 §2-§3: a URI reference uses unreserved, reserved and percent-encoded bytes
# only; an absolute URI starts with a scheme.
URI_REFERENCE = re.compile(r"^(?:[A-Za-z0-9\-._~:/?#\[\]@!$&'()*+,;=]|%[0-9A-Fa-f]{2})*$")
SCHEME = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*:")


def fail(path, why):
    sys.exit(f"not SARIF 2.1.0: {path}: {why}")


def obj(v, path, required=(), allowed=None):
    if not isinstance(v, dict):
        fail(path, "not an object")
    for k in required:
        if k not in v:
            fail(path, f"missing required property '{k}'")
    if allowed is not None:
        for k in v:
            if k not in allowed:
                fail(path, f"property '{k}' is not allowed here")
    return v


def integer(v, path, minimum):
    if not isinstance(v, int) or isinstance(v, bool) or v < minimum:
        fail(path, f"not an integer >= {minimum}")


def message(v, path):
    obj(v, path)
    if "text" not in v and "id" not in v:
        fail(path, "a message needs text or id")
    if "text" in v and not isinstance(v["text"], str):
        fail(path + ".text", "not a string")


def location(v, path):
    obj(v, path, allowed={"id", "physicalLocation", "logicalLocations", "message",
                          "annotations", "relationships", "properties"})
    if "id" in v:
        integer(v["id"], path + ".id", -1)
    if "message" in v:
        message(v["message"], path + ".message")
    if "physicalLocation" in v:
        p = obj(v["physicalLocation"], path + ".physicalLocation")
        if "artifactLocation" not in p and "address" not in p:
            fail(path + ".physicalLocation", "needs artifactLocation or address")
        a = obj(p["artifactLocation"], path + ".physicalLocation.artifactLocation")
        uri = a.get("uri")
        if not isinstance(uri, str):
            fail(path + ".physicalLocation.artifactLocation.uri", "not a string")
        if not URI_REFERENCE.match(uri):
            fail(path + ".physicalLocation.artifactLocation.uri",
                 f"'{uri}' is not a URI reference (RFC 3986: percent-encode it)")
        if uri.startswith("/"):
            fail(path + ".physicalLocation.artifactLocation.uri",
                 f"'{uri}' is an absolute path, not a file:// URI")
        if "region" in p:
            r = obj(p["region"], path + ".physicalLocation.region")
            for k in ("startLine", "startColumn", "endLine", "endColumn"):
                if k in r:
                    integer(r[k], f"{path}.physicalLocation.region.{k}", 1)
    return v


def schema_errors(log, schema_file):
    """The SARIF schema's own verdict, when a schema file is given."""
    try:
        import jsonschema
    except ImportError:
        sys.exit("--schema needs python3-jsonschema")
    validator = jsonschema.Draft4Validator(json.load(open(schema_file)))
    for e in validator.iter_errors(log):
        fail("log/" + "/".join(map(str, e.absolute_path)), e.message)


def main():
    args = sys.argv[1:]
    schema = None
    if len(args) == 3 and args[0] == "--schema":
        schema, args = args[1], args[2:]
    if len(args) != 1:
        sys.exit("usage: check_sarif.py [--schema SARIF-SCHEMA.json] LOG.sarif")
    log = obj(json.load(open(args[0])), "log", required=("version", "runs"))
    if schema:
        schema_errors(log, schema)
    if log["version"] != "2.1.0":
        fail("log.version", "must be 2.1.0")
    if not isinstance(log["runs"], list):
        fail("log.runs", "not an array")
    for i, run in enumerate(log["runs"]):
        path = f"runs[{i}]"
        obj(run, path, required=("tool",))
        driver = obj(obj(run["tool"], path + ".tool", required=("driver",))["driver"],
                     path + ".tool.driver", required=("name",))
        if not isinstance(driver["name"], str):
            fail(path + ".tool.driver.name", "not a string")
        rules = driver.get("rules", [])
        ids = [obj(r, f"{path}.tool.driver.rules[{j}]", required=("id",))["id"]
               for j, r in enumerate(rules)]
        for j, r in enumerate(rules):
            if "helpUri" in r and not SCHEME.match(str(r["helpUri"])):
                fail(f"{path}.tool.driver.rules[{j}].helpUri",
                     f"'{r['helpUri']}' is not an absolute URI")
            if "help" in r:
                message(r["help"], f"{path}.tool.driver.rules[{j}].help")
        if len(set(ids)) != len(ids):
            fail(path + ".tool.driver.rules", "rule ids are not unique")
        for j, res in enumerate(run.get("results", [])):
            rpath = f"{path}.results[{j}]"
            obj(res, rpath, required=("message",))
            message(res["message"], rpath + ".message")
            if res.get("level", "warning") not in ("none", "note", "warning", "error"):
                fail(rpath + ".level", "not a SARIF level")
            if "ruleIndex" in res:
                integer(res["ruleIndex"], rpath + ".ruleIndex", -1)
                if res["ruleIndex"] >= len(ids) or ids[res["ruleIndex"]] != res.get("ruleId"):
                    fail(rpath + ".ruleIndex", "does not name the rule of ruleId")
            if "occurrenceCount" in res:
                integer(res["occurrenceCount"], rpath + ".occurrenceCount", 1)
            for k in ("locations", "relatedLocations"):
                for n, loc in enumerate(res.get(k, [])):
                    location(loc, f"{rpath}.{k}[{n}]")
            where = "-"
            if res.get("locations"):
                p = res["locations"][0]["physicalLocation"]
                region = p.get("region", {})
                where = "%s:%s:%s" % (p["artifactLocation"]["uri"].rsplit("/", 1)[-1],
                                      region.get("startLine"), region.get("startColumn"))
            print(f"{res.get('ruleId')} {where} ({len(res.get('relatedLocations', []))} related)")
    print("valid SARIF 2.1.0")


main()
