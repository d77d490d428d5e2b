# A condition on a breakpoint, structs, arrays in structs, vector components,
# arithmetic, switching the work-item in focus, and a variable in an inlined helper.
break structs.cl:38 if i == 4
run
print i
print it
print r.item.tag
print r.item.tag[1] + 1
print r.pos.s1
print p
print p.scale * 2
print items[i]
print items[i].tag[2]
print scores
info breakpoints
workitem 3
print i
print items[i].count
info workitems
workitem 4
next
bt
info locals
quit
