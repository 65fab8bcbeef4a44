#pragma once
// The battle companion's accepted actions (schema v5), in the order they were accepted, per battle
// of an open period. The server commits each action here before it answers or broadcasts it, and
// rebuilds the companion by replaying them (include/umpire/rules/battle_companion.hpp).
//
// An attempt of a period is named by its index and its seed hash: a rollback reopens the period
// with a fresh seed, so earlier attempts' actions stay stored as history and are never read as
// the new attempt's.
#include <string>
#include <vector>

#include "storage/records.hpp"
#include "storage/database.hpp"

namespace umpire::storage {

class BattleActionStore {
public:
    explicit BattleActionStore(Database& db) : db_(&db) {}

    // Appends one action in its own transaction. Refused, changing nothing: invalid_input for a
    // bad role or number, or text that is not JSON; conflict unless (period_index, seed_hash)
    // is the campaign's open period and `no` is the battle's next number (another writer was
    // quicker).
    void append(const BattleActionRecord& action);

    // The actions of one battle in one attempt of a period, by number.
    std::vector<BattleActionRecord> actions(const std::string& campaign, int period_index,
                                            const std::string& seed_hash,
                                            const std::string& battle_id);
    // Every action of the campaign, every attempt, by period, attempt and number (history).
    std::vector<BattleActionRecord> all(const std::string& campaign);

private:
    Database* db_;
};

}  // namespace umpire::storage
