// Loaders for scouting, contact and terrain-card sections (RULEBOOK sections 4 to 6).
#include "documents/ruleset_loading.hpp"

#include <algorithm>

namespace umpire::rules::ruleset_loading {

namespace {

constexpr int kContactScoreMin = 1;  // a d6 score, clamped to 1..6
constexpr int kContactScoreMax = 6;
constexpr int kTwoD6Min = 2;  // the size estimate is a 2d6 roll
constexpr int kTwoD6Max = 12;
constexpr int kMaxCardDifference = 5;  // N is a difference of two d6

void check_accuracy(int accuracy, const std::string& path, const References& refs,
                    Problems& problems) {
    if (refs.accuracy_columns && refs.accuracy_columns->count(accuracy) == 0)
        problems.add(path, std::to_string(accuracy) +
                               " is not a column of $.contact.size_estimation.accuracy_percent");
}

// A {"card": name, "count": n} item.
std::optional<CardCount> read_card_count(const Json& value, const std::string& path,
                                         Problems& problems) {
    ObjectReader reader(value, path, problems);
    if (!reader.is_object()) return std::nullopt;
    reader.reject_unknown({"card", "count"});
    auto card = reader.string("card");
    auto count = reader.integer("count", 1, kCountMax);
    if (card) check_name(*card, reader.path_of("card"), problems);
    if (!card || !count) return std::nullopt;
    return CardCount{*card, static_cast<int>(*count)};
}

void load_contact_modifiers(const Json& value, const std::string& path, const References& refs,
                            ContactModifiers& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"more_move_points", "smallest_force", "successful_scout",
                           "captured_scout", "previous_contact", "all_opponents_in_terrain"});
    read_ints(reader, {{"more_move_points", &out.more_move_points, kModifierMin, kModifierMax},
                       {"smallest_force", &out.smallest_force, kModifierMin, kModifierMax},
                       {"successful_scout", &out.successful_scout, kModifierMin, kModifierMax},
                       {"captured_scout", &out.captured_scout, kModifierMin, kModifierMax},
                       {"previous_contact", &out.previous_contact, kModifierMin,
                        kModifierMax}});
    const Json* by_terrain = reader.object("all_opponents_in_terrain");
    if (!by_terrain) return;
    ObjectReader terrain(*by_terrain, reader.path_of("all_opponents_in_terrain"), problems);
    for (auto it = by_terrain->begin(); it != by_terrain->end(); ++it) {
        check_terrain_name(it.key(), terrain.path_of(it.key()), refs, problems);
        if (auto v = terrain.integer(it.key(), kModifierMin, kModifierMax))
            out.all_opponents_in_terrain[it.key()] = static_cast<int>(*v);
    }
}

// one row per score 1..6, in order.
void load_contact_table(const Json& value, const std::string& path, const References& refs,
                        ContactRules& out, Problems& problems) {
    int expected = kContactScoreMin;
    for (std::size_t i = 0; i < value.size(); ++i) {
        if (expected > kContactScoreMax) {
            problems.add(item_path(path, i), "extra row: the table covers scores 1 to 6");
            continue;
        }
        ObjectReader row(value[i], item_path(path, i), problems);
        if (!row.is_object()) {
            ++expected;
            continue;
        }
        row.reject_unknown({"score", "aware", "size", "accuracy_percent", "composition"});
        ContactTableRow r;
        const auto score = row.integer("score", kContactScoreMin, kContactScoreMax);
        if (score && *score != expected)
            problems.add(row.path_of("score"),
                         "expected score " + std::to_string(expected) +
                             " (one row per score 1 to 6, in order), found " +
                             std::to_string(*score));
        r.score = expected++;
        r.aware = row.boolean("aware").value_or(false);
        const auto size = row.choice("size", {"none", "estimate", "exact"});
        if (size == "estimate") {
            r.size = SizeKnowledge::estimate;
            if (auto acc = row.integer("accuracy_percent", 1, 100)) {
                r.accuracy_percent = static_cast<int>(*acc);
                check_accuracy(r.accuracy_percent, row.path_of("accuracy_percent"), refs,
                               problems);
            }
        } else {
            r.size = size == "exact" ? SizeKnowledge::exact : SizeKnowledge::none;
            if (size && row.has("accuracy_percent"))
                problems.add(row.path_of("accuracy_percent"),
                             "only a size \"estimate\" has an accuracy");
        }
        if (auto c = row.choice("composition",
                                {"none", "troop_class", "troop_types", "organization", "exact"})) {
            if (*c == "troop_class") r.composition = CompositionKnowledge::troop_class;
            if (*c == "troop_types") r.composition = CompositionKnowledge::troop_types;
            if (*c == "organization") r.composition = CompositionKnowledge::organization;
            if (*c == "exact") r.composition = CompositionKnowledge::exact;
        }
        out.table[r.score] = r;
    }
    if (expected <= kContactScoreMax)
        problems.add(path, "incomplete: scores " + std::to_string(expected) + " to " +
                               std::to_string(kContactScoreMax) +
                               " have no row (the table must cover scores 1 to 6)");
}

// columns of accuracy bands, one row per 2d6 roll 2..12 in order.
void load_size_estimation(const Json& value, const std::string& path, References& refs,
                          SizeEstimationTable& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"accuracy_percent", "rows"});
    bool columns_ok = false;
    if (const Json* columns = reader.array("accuracy_percent")) {
        columns_ok = !columns->empty();
        if (columns->empty()) problems.add(reader.path_of("accuracy_percent"), "no columns");
        for (std::size_t i = 0; i < columns->size(); ++i) {
            const std::string item = item_path(reader.path_of("accuracy_percent"), i);
            const auto acc = read_integer((*columns)[i], item, 1, 100, problems);
            const bool repeated =
                acc && std::count(out.accuracy_percent.begin(), out.accuracy_percent.end(),
                                  static_cast<int>(*acc)) != 0;
            if (repeated) problems.add(item, std::to_string(*acc) + " is listed twice");
            if (!acc || repeated) {
                columns_ok = false;
                continue;
            }
            out.accuracy_percent.push_back(static_cast<int>(*acc));
        }
    }
    if (columns_ok)
        refs.accuracy_columns.emplace(out.accuracy_percent.begin(), out.accuracy_percent.end());

    const Json* rows = reader.array("rows");
    if (!rows) return;
    int expected = kTwoD6Min;
    for (std::size_t i = 0; i < rows->size(); ++i) {
        if (expected > kTwoD6Max) {
            problems.add(item_path(reader.path_of("rows"), i),
                         "extra row: the table covers 2d6 rolls 2 to 12");
            continue;
        }
        ObjectReader row((*rows)[i], item_path(reader.path_of("rows"), i), problems);
        const int roll_here = expected++;
        if (!row.is_object()) continue;
        row.reject_unknown({"roll", "error_percent"});
        const auto roll = row.integer("roll", kTwoD6Min, kTwoD6Max);
        if (roll && *roll != roll_here)
            problems.add(row.path_of("roll"), "expected roll " + std::to_string(roll_here) +
                                                  " (one row per 2d6 roll 2 to 12, in order), "
                                                  "found " +
                                                  std::to_string(*roll));
        const Json* errors = row.array("error_percent");
        if (!errors || !columns_ok) continue;
        if (errors->size() != out.accuracy_percent.size()) {
            problems.add(row.path_of("error_percent"),
                         "expected " + std::to_string(out.accuracy_percent.size()) +
                             " values, one per accuracy column, found " +
                             std::to_string(errors->size()));
            continue;
        }
        for (std::size_t c = 0; c < errors->size(); ++c) {
            const int band = out.accuracy_percent[c];
            // An estimate stays within its band: a ±25% column holds -25..25.
            if (auto e = read_integer((*errors)[c], item_path(row.path_of("error_percent"), c),
                                      -band, band, problems))
                out.error_percent[band][roll_here] = static_cast<int>(*e);
        }
    }
    if (expected <= kTwoD6Max)
        problems.add(reader.path_of("rows"),
                     "incomplete: rolls " + std::to_string(expected) + " to " +
                         std::to_string(kTwoD6Max) +
                         " have no row (the table must cover 2d6 rolls 2 to 12)");
}

}  // namespace

// Loaded before scouting, whose accuracy bands are its columns.
void load_contact(const Json& value, const std::string& path, References& refs,
                  ContactRules& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"modifiers", "smallest_force_margin_regiments",
                           "previous_contact_periods", "max_procedures_per_pair_per_half_period",
                           "table", "size_estimation"});
    read_ints(reader, {{"smallest_force_margin_regiments", &out.smallest_force_margin_regiments,
                        1, kCountMax},
                       {"previous_contact_periods", &out.previous_contact_periods, 1, kCountMax},
                       {"max_procedures_per_pair_per_half_period",
                        &out.max_procedures_per_pair_per_half_period, 1, kCountMax}});
    // Size estimation first: the table's accuracies are checked against its columns.
    if (const Json* sizes = reader.object("size_estimation"))
        load_size_estimation(*sizes, reader.path_of("size_estimation"), refs,
                             out.size_estimation, problems);
    if (const Json* modifiers = reader.object("modifiers"))
        load_contact_modifiers(*modifiers, reader.path_of("modifiers"), refs, out.modifiers,
                               problems);
    if (const Json* table = reader.array("table"))
        load_contact_table(*table, reader.path_of("table"), refs, out, problems);
}

// d6 result rows cover 1..6 in order.
void load_scouting(const Json& value, const std::string& path, const References& refs,
                   ScoutingRules& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown({"range_hexes", "dispatches_per_period", "detection_radius_hexes",
                           "report_radius_hexes", "counts_for_periods", "results"});
    read_ints(reader, {{"range_hexes", &out.range_hexes, 1, kCountMax},
                       {"dispatches_per_period", &out.dispatches_per_period, 0, kCountMax},
                       {"detection_radius_hexes", &out.detection_radius_hexes, 0, kCountMax},
                       {"report_radius_hexes", &out.report_radius_hexes, 0, kCountMax},
                       {"counts_for_periods", &out.counts_for_periods, 1, kCountMax}});
    const Json* results = reader.array("results");
    if (!results) return;
    int next = 1;  // the first roll not yet covered
    for (std::size_t i = 0; i < results->size(); ++i) {
        if (next > 6) {
            problems.add(item_path(reader.path_of("results"), i),
                         "extra row: rolls 1 to 6 are already covered");
            continue;
        }
        ObjectReader row((*results)[i], item_path(reader.path_of("results"), i), problems);
        if (!row.is_object()) continue;
        row.reject_unknown({"from", "to", "result", "accuracy_percent"});
        const auto from = row.integer("from", 1, 6);
        const auto to = row.integer("to", 1, 6);
        ScoutOutcome outcome;
        const auto result = row.choice("result", {"killed", "captured", "success"});
        if (result == "success") {
            outcome.result = ScoutResult::success;
            if (auto acc = row.integer("accuracy_percent", 1, 100)) {
                outcome.accuracy_percent = static_cast<int>(*acc);
                check_accuracy(outcome.accuracy_percent, row.path_of("accuracy_percent"), refs,
                               problems);
            }
        } else if (result) {
            outcome.result = *result == "captured" ? ScoutResult::captured : ScoutResult::killed;
            if (row.has("accuracy_percent"))
                problems.add(row.path_of("accuracy_percent"), "only a success has an accuracy");
        }
        if (!from || !to) continue;
        if (*from != next) {
            problems.add(row.path_of("from"), "expected " + std::to_string(next) +
                                                  " (rows cover rolls 1 to 6 in order), found " +
                                                  std::to_string(*from));
        } else if (*to < *from) {
            problems.add(row.path_of("to"), "must not be below from");
        } else {
            for (long long roll = *from; roll <= *to; ++roll) out.by_roll[roll - 1] = outcome;
            next = static_cast<int>(*to) + 1;
        }
    }
    if (next <= 6)
        problems.add(reader.path_of("results"), "incomplete: rolls " + std::to_string(next) +
                                                    " to 6 have no result");
}

//
void load_terrain_cards(const Json& value, const std::string& path, const References& refs,
                        TerrainCardRules& out, Problems& problems) {
    ObjectReader reader(value, path, problems);
    reader.reject_unknown(
        {"deck", "swap_out", "local_swaps", "cards_per_side", "grid"});
    read_ints(reader, {{"cards_per_side", &out.cards_per_side, 1, kCountMax}});

    std::set<std::string> deck_cards;
    if (const Json* deck = reader.array("deck")) {
        if (deck->empty()) problems.add(reader.path_of("deck"), "empty deck");
        for (std::size_t i = 0; i < deck->size(); ++i) {
            const std::string item = item_path(reader.path_of("deck"), i);
            auto entry = read_card_count((*deck)[i], item, problems);
            if (!entry) continue;
            if (!deck_cards.insert(entry->card).second)
                problems.add(member_path(item, "card"),
                             "\"" + entry->card + "\" is listed twice");
            out.deck.push_back(*entry);
        }
    }
    auto check_in_deck = [&](const std::string& card, const std::string& at) {
        if (!deck_cards.empty() && deck_cards.count(card) == 0)
            problems.add(at, "\"" + card + "\" is not a card of the deck");
    };

    if (const Json* swap_out = reader.object("swap_out")) {
        ObjectReader swap(*swap_out, reader.path_of("swap_out"), problems);
        swap.reject_unknown({"cards", "fallback", "count"});
        if (const Json* cards = swap.array("cards")) {
            for (std::size_t i = 0; i < cards->size(); ++i) {
                const std::string item = item_path(swap.path_of("cards"), i);
                auto card = read_string((*cards)[i], item, problems);
                if (!card) continue;
                check_in_deck(*card, item);
                out.swap_out.push_back(*card);
            }
        }
        if (auto fallback = swap.string("fallback")) {
            check_in_deck(*fallback, swap.path_of("fallback"));
            out.swap_out_fallback = *fallback;
        }
        read_ints(swap, {{"count", &out.swap_out_count, 0, kCountMax}});
    }

    if (const Json* swaps = reader.object("local_swaps")) {
        for (auto it = swaps->begin(); it != swaps->end(); ++it) {
            const std::string at = member_path(reader.path_of("local_swaps"), it.key());
            check_terrain_name(it.key(), at, refs, problems);
            if (!it.value().is_array()) {
                problems.add(at, "expected an array, found " + json_type_name(it.value()));
                continue;
            }
            std::vector<CardCount>& cards = out.local_swaps[it.key()];
            for (std::size_t i = 0; i < it.value().size(); ++i)
                if (auto entry = read_card_count(it.value()[i], item_path(at, i), problems))
                    cards.push_back(*entry);
        }
    }

    if (const Json* grid = reader.object("grid")) {
        ObjectReader cells(*grid, reader.path_of("grid"), problems);
        cells.reject_unknown({"columns", "rows"});
        read_ints(cells, {{"columns", &out.grid_columns, 1, kCountMax},
                          {"rows", &out.grid_rows, 1, kCountMax}});
    }

    // The first drawer may place up to 5 cards (N), the other side its full hand.
    if (out.cards_per_side > 0) {
        const int most_placed = out.cards_per_side + std::max(out.cards_per_side,
                                                              kMaxCardDifference);
        if (!out.deck.empty() && out.deck_size() < most_placed)
            problems.add(reader.path_of("deck"),
                         "holds " + std::to_string(out.deck_size()) + " cards, fewer than the " +
                             std::to_string(most_placed) + " a reconnaissance may place");
        if (out.grid_columns > 0 && out.grid_rows > 0 &&
            out.grid_columns * out.grid_rows < most_placed)
            problems.add(reader.path_of("grid"),
                         "has fewer cells than the " + std::to_string(most_placed) +
                             " cards a reconnaissance may place");
    }
}

}  // namespace umpire::rules::ruleset_loading
