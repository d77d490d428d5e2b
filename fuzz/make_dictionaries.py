#!/usr/bin/env python3
"""Writes the libFuzzer dictionaries of SPIR-V from the grammar of the installed
SPIR-V headers: dict/spirv.dict (binary: the first word of every core
instruction with its smallest word count, and the magic number) and dict/spvasm.dict (assembly: opcode names, enumerants, OpenCL.std
instruction names). Run it from any folder after the headers change."""
import json
import os
import struct

GRAMMAR = "/usr/include/spirv/unified1"
HERE = os.path.dirname(os.path.abspath(__file__))


def escape(data):
    return "".join("\\x%02x" % b for b in data)


def main():
    core = json.load(open(os.path.join(GRAMMAR, "spirv.core.grammar.json")))
    ocl = json.load(open(os.path.join(GRAMMAR, "extinst.opencl.std.100.grammar.json")))
    binary, text = [], []
    binary.append('magic="%s"' % escape(struct.pack("<I", 0x07230203)))
    for inst in core["instructions"]:
        words = 1 + sum(1 for o in inst.get("operands", []) if "quantifier" not in o)
        first = struct.pack("<I", (words << 16) | inst["opcode"])
        binary.append('%s="%s"' % (inst["opname"], escape(first)))
        text.append('"%s"' % inst["opname"])
    for kind in core["operand_kinds"]:
        for e in kind.get("enumerants", []):
            text.append('"%s"' % e["enumerant"])
    for inst in ocl["instructions"]:
        text.append('"%s"' % inst["opname"])
    text += ['"OpenCL.std"', '"%"', '" = "', '"\\x0a"']
    with open(os.path.join(HERE, "dict", "spirv.dict"), "w") as f:
        f.write("# SPIR-V binary: first words of instructions (fuzz/make_dictionaries.py)\n")
        f.write("\n".join(binary) + "\n")
    with open(os.path.join(HERE, "dict", "spvasm.dict"), "w") as f:
        f.write("# SPIR-V assembly: opcodes and enumerants (fuzz/make_dictionaries.py)\n")
        f.write("\n".join(sorted(set(text))) + "\n")


if __name__ == "__main__":
    main()
