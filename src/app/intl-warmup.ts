/**
 * A worker the page's entry (src/boot.ts) starts first thing. A page's first Intl formatter makes
 * the browser load its locale data (ICU), once per renderer process and shared by its threads.
 * money.ts's formatters, the first, took 101-137 ms of the main thread at 4x CPU in traces of
 * /home/index (issue 15: total blocking time, and a task of the offline cold start); made here
 * first, 1-21 ms. It formats once and ends; a browser that cannot start it loses only the head
 * start. Nothing imported: this is fetched with the first screen.
 */
new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(1)
new Intl.NumberFormat('en-IN', { notation: 'compact' }).format(1)
close()
