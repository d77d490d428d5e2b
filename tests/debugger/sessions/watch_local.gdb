# A watchpoint on a __local element watches the copy of the work-group it was set in:
# group 1 writing its own tile[5] does not fire it (work-item 69 writes there), and
# going back and forth replays it in its own group only.
break race_local_read_write.cl:8 if l == 0
run
print tile[5]
watch tile[5]
continue
print tile[5]
continue
reverse-continue
continue
continue
quit
