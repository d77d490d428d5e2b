# Findings people can act on (docs/findings.md, "How findings are shown"): the source
# line with a caret under the column, the element and its type beside the byte offset,
# one finding per source location and kind.
spvsim_cli_cl_test(run.finding.source_excerpt
                   "memory: global buffer 'out' offset 256 size 4 \\(out\\[64\\], int\\)\n.*at [^\n]*shift\\.cl:4:14\n    4 \\|   out\\[i \\+ 1\\] = \\(int\\)i;\n      \\|              \\^\n.*exit status 1"
                   run ${cl_data}/shift.json)
# Nine stores of one unrolled line: one finding that counts them.
spvsim_cli_cl_test(run.finding.one_per_source_location
                   "^[^\n]*\nerror\\[oob\\.global\\.write\\]: write of 4 bytes at offset [0-9]+ of global 'v' of 400 bytes \\([0-9]+ times: 9 instructions at this source location\\)\n.*\\(v\\[[0-9]+\\], float\\)\n.*    7 \\|     v\\[i \\* 9 \\+ k\\] = \\(float\\)k;\n.*exit status 1\n$"
                   run --threads 1 ${cl_data}/unrolled.json)
set_tests_properties(cli.run.finding.one_per_source_location PROPERTIES
  FAIL_REGULAR_EXPRESSION "error\\[[^\n]*\n(.*\n)*error\\[")
# A race shows both lines; an uninitialised value the line it was loaded at.
spvsim_cli_cl_test(run.finding.race_and_origin_lines
                   "error\\[race\\.local\\.read-write\\].*    6 \\|     shared\\[0\\] = 7;\n      \\|               \\^\n  other access: read by.*      7 \\|   out\\[get_global_id\\(0\\)\\] = shared\\[0\\];\n        \\|                           \\^\nerror\\[uninit\\.read\\].*  the value was loaded at [^\n]*race_lines\\.cl:7:27\n    7 \\|   out\\[get_global_id\\(0\\)\\] = shared\\[0\\];\n      \\|                           \\^\n.*exit status 1"
                   run --quiet ${cl_data}/race_lines.json)
# The JSON report carries the element, its type and the instruction count.
add_test(NAME cli.run.finding.report_element
         COMMAND sh -c "export XDG_CACHE_HOME=\"$0\" SPVSIM_CACHE=; \"$1\" run --quiet --threads 1 --report \"$0/unrolled.report\" \"$2\" 2>/dev/null; cat \"$0/unrolled.report\""
                 ${cl_cache}/report_element $<TARGET_FILE:spvsim> ${cl_data}/unrolled.json)
set_tests_properties(cli.run.finding.report_element PROPERTIES PASS_REGULAR_EXPRESSION
  "\"instructions\": 9,.*\"element\": [0-9]+,\n *\"element_type\": \"float\",")

