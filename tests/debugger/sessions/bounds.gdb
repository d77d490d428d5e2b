# An out-of-bounds read stops at its work-item (break on-finding is on); a
# breakpoint, stepping into the helper, the faulting index of the write; at a finding,
# backtrace starts at the faulting line (in the helper inlined at -O2 too).
info breakpoints
break global_bounds.cl:12
tbreak global_bounds
run
print i
continue
print i
print before
info args
print n - 1
continue
step
bt
info args
finish
delete 1
continue
backtrace
print index
print out[index - 1]
print in[2] * 10 + 1
x/4d in
continue
print i
quit
