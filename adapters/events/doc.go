// Package events holds the adapters of the core/events port: inproc (one
// node, SQLite) and pgnotify (several nodes on one PostgreSQL, through
// LISTEN/NOTIFY), and eventstest, the conformance kit both pass.
package events
