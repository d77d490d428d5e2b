# Program-scope variables (OpenCL C 2.0 `global`) keep their values across launches,
# and a replay starts them from their bytes at the launch's start, as buffers: the
# kernel increments `launches` and `weights[3]`; reverse-continue shows the values they
# had, and the increment is not made twice. The next launches see one increment each.
break program_globals.cl:18
run
print launches
print weights[3]
next
next
print launches
print weights[3]
reverse-continue
print launches
print weights[3]
last-write launches
next
next
print launches
continue
print launches
print info[0]
continue
print launches
print weights
delete
continue
quit
