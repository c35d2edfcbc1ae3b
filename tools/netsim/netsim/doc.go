// Package netsim plays an online match in one process: a netplay.Host
// and scripted netplay.Clients over an in-memory network that delays,
// jitters, reorders and loses messages, on a virtual clock (a two-minute
// match runs in seconds). It reports what a player would notice (desyncs,
// corrections of their own character and how smoothly they are drawn,
// rollbacks) and what the network carries (bytes per client per second).
// tools/netsim is its command; the tests of an online game run it short.
package netsim
