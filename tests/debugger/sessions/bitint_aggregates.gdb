# Arrays and structures of _BitInt(N) whose N SPIR-V has not: each element prints from its N
# bits with its sign (-O0: in memory, widened; -O2: folded or in registers), in work-item 0
# and in work-item 3, whose input makes a[1] and s.m negative.
break narrow_aggregates.cl:22
run
print a
print s
print s.m
print s.u
print w
print n
workitem 3
print a
print s.m
quit
