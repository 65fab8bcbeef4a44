#pragma once
// The SQL of each schema version's migration step. Steps are append-only: once released, a step
// never changes; a new need is a new step (docs/storage.md, "Schema").
namespace umpire::storage {

class Connection;

// Version 1: every table.
extern const char* const kSchemaV1;
// Version 2: the receipts log (every receipt ever issued, backfilled from orders) and an index
// of events by type.
extern const char* const kSchemaV2;
// Version 3: decisions as the engine asks them (id, force, kind, 'settled', rolled_back_by) and
// each period's answers and settle flag.
extern const char* const kSchemaV3;
// Version 4: the server's sessions, invites, webhooks, notifications and period deadlines.
extern const char* const kSchemaV4;
// Version 5: the battle companion's accepted actions, per battle and period attempt.
extern const char* const kSchemaV5;
// Version 6: each period's events in one value (periods.event_log) instead of a row each, and
// state_before stored once: a period whose state-before is the state-after of an attempt of the
// period before names that attempt (periods.before_attempt) and stores ''.
extern const char* const kSchemaV6;
// Version 6's data step: moves every period's event rows into its event_log, then drops the
// events table.
void move_events_into_periods(Connection& connection);
// Version 7: account rights (accounts.is_admin, accounts.may_create_campaigns); the first
// account is the administrator and GMs keep the right to create campaigns.
extern const char* const kSchemaV7;
// Version 8: a secret per webhook (signing its deliveries) and the webhook delivery log.
extern const char* const kSchemaV8;
// Version 9: the dice and state-version scheme of each period (periods.scheme).
extern const char* const kSchemaV9;
// Version 10: account e-mail addresses, the address a session came from, invites that expire
// and can be revoked, password reset codes.
extern const char* const kSchemaV10;
// Version 11: a decision request's own deadline ran out (decisions.lapsed_at).
extern const char* const kSchemaV11;
// Version 12: the GM's edits of forces and the world, each with the state it made (world_edits).
extern const char* const kSchemaV12;
// Version 13: press between players and from the GMs, per period (press).
extern const char* const kSchemaV13;
// Version 14: what several servers share: campaigns.version, notification claims, login throttle.
extern const char* const kSchemaV14;

}  // namespace umpire::storage
