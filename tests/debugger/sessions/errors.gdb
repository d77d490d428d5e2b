# Commands before the kernel runs, mistakes, list, p/x and stepi with -g. A value that
# cannot be read is an error that enters nothing in the value history (as gdb's).
print i
continue
break global_bounds.cl:1
break no_such_kernel
delete 9
frobnicate
list global_bounds.cl:10
break 12
run
print /x before
print i +
print nothing
print in[99]
print *(in + 99)
print in[3]
print $
print before[1]
stepi
stepi
workitem 99
workitem group 1 local 3
reverse-step
delete
delete on-finding
continue
finish
next
quit
