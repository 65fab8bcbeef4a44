// The shipped ruleset against the rulebook's tables, its content hash, and the errors a broken
// ruleset gets (each naming the JSON path of the fault).
#include <gtest/gtest.h>

#include <string>

#include "documents/json_file.hpp"
#include "documents/ruleset_load.hpp"
#include "umpire/rules/json_reader.hpp"
#include "umpire/rules/ruleset.hpp"
#include "umpire/rules/sha256.hpp"

namespace umpire::rules {
namespace {

const std::string kValormrFile = std::string(UMPIRE_SOURCE_DIR) + "/rulesets/valormr-1.json";
const std::string kBadDir = std::string(UMPIRE_TEST_DATA_DIR) + "/data/rulesets/";

Json valormr_document() {
    Problems problems;
    auto document = read_json_file(kValormrFile, problems);
    EXPECT_TRUE(document.has_value()) << problems.to_text();
    return document.value_or(Json::object());
}

Ruleset load_valormr() {
    Problems problems;
    auto ruleset = load_ruleset_file(kValormrFile, problems);
    EXPECT_TRUE(problems.empty()) << problems.to_text();
    return ruleset.value_or(Ruleset{});
}

// Loads a document that must be refused and returns its problems.
Problems refused(const Json& document) {
    Problems problems;
    EXPECT_FALSE(load_ruleset(document, problems).has_value());
    EXPECT_FALSE(problems.empty());
    return problems;
}

// True when some problem sits exactly at `path` and its message contains `text`.
::testing::AssertionResult has_problem(const Problems& problems, const std::string& path,
                                       const std::string& text) {
    for (const auto& p : problems.list())
        if (p.path == path && p.message.find(text) != std::string::npos)
            return ::testing::AssertionSuccess();
    return ::testing::AssertionFailure()
           << "no problem at " << path << " containing \"" << text << "\"; problems:\n"
           << problems.to_text();
}

// The same JSON with every object's members written in reverse order and indented.
std::string dump_reversed(const Json& value, int depth = 0) {
    const std::string pad(2 * (depth + 1), ' ');
    if (value.is_object()) {
        std::string out = "{\n";
        bool first = true;
        std::vector<std::string> members;
        for (auto it = value.begin(); it != value.end(); ++it)
            members.push_back(pad + Json(it.key()).dump() + " : " +
                              dump_reversed(it.value(), depth + 1));
        for (auto it = members.rbegin(); it != members.rend(); ++it) {
            out += (first ? "" : ",\n") + *it;
            first = false;
        }
        return out + "\n" + std::string(2 * depth, ' ') + "}";
    }
    if (value.is_array()) {
        std::string out = "[ ";
        for (std::size_t i = 0; i < value.size(); ++i)
            out += (i ? " , " : "") + dump_reversed(value[i], depth + 1);
        return out + " ]";
    }
    return value.dump();
}

// --- SHA-256 ------------------------------------------------------------------------------

TEST(Sha256, KnownVectors) {
    // FIPS 180-4 examples.
    EXPECT_EQ(sha256_hex(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    EXPECT_EQ(sha256_hex("abc"),
              "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    EXPECT_EQ(sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq"),
              "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    EXPECT_EQ(sha256_hex(std::string(1000000, 'a')),
              "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0");
}

TEST(HmacSha256, Rfc4231Vectors) {
    EXPECT_EQ(hmac_sha256_hex(std::string(20, '\x0b'), "Hi There"),
              "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7");
    EXPECT_EQ(hmac_sha256_hex("Jefe", "what do ya want for nothing?"),
              "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
    // A key longer than a block is hashed first.
    EXPECT_EQ(hmac_sha256_hex(std::string(131, '\xaa'),
                              "Test Using Larger Than Block-Size Key - Hash Key First"),
              "60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54");
}

TEST(Sha256, PaddingBoundaries) {
    // Lengths around the 55/56- and 64-byte points where padding spills into another block.
    EXPECT_EQ(sha256_hex(std::string(55, 'a')),
              "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318");
    EXPECT_EQ(sha256_hex(std::string(56, 'a')),
              "b35439a4ac6f0948b6d6f9e3c6af0f5f590ce20f1bde7090ef7970686ec6738a");
    EXPECT_EQ(sha256_hex(std::string(63, 'a')),
              "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34");
    EXPECT_EQ(sha256_hex(std::string(64, 'a')),
              "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb");
    EXPECT_EQ(sha256_hex(std::string(65, 'a')),
              "635361c48bb9eab14198e76ea8ab7f1a41685d6ad62aa9146d301d4f17eb0ae0");
    EXPECT_EQ(sha256_hex(std::string(119, 'a')),
              "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb");
    EXPECT_EQ(sha256_hex(std::string(128, 'a')),
              "6836cf13bac400e9105071cd6af47084dfacad4e5e302c94bfed24e013afb73e");
}

// --- The shipped ruleset against the rulebook ---------------------------------------------

TEST(RulesetValormr, Identity) {
    const Ruleset r = load_valormr();
    EXPECT_EQ(r.name, "valormr");
    EXPECT_EQ(r.version, "1");
    ASSERT_EQ(r.hash.size(), 64u);
    EXPECT_EQ(r.identity(), "valormr 1 (sha256 " + r.hash.substr(0, 12) + ")");
}

TEST(RulesetValormr, TerrainR1_2) {
    const Ruleset r = load_valormr();
    ASSERT_EQ(r.terrain.size(), 6u);
    struct Row {
        const char* name;
        int cost;
        FormedMovement formed;
    };
    for (const Row& row : {Row{"clear", 6, FormedMovement::any},
                           Row{"forest", 9, FormedMovement::infantry_or_road},
                           Row{"hill", 9, FormedMovement::any},
                           Row{"swamp", 9, FormedMovement::infantry_or_road},
                           Row{"mountain", 12, FormedMovement::road_or_track}}) {
        const TerrainType* t = r.find_terrain(row.name);
        ASSERT_NE(t, nullptr) << row.name;
        EXPECT_TRUE(t->passable) << row.name;
        EXPECT_EQ(t->cost, row.cost) << row.name;
        EXPECT_EQ(t->formed, row.formed) << row.name;
    }
    ASSERT_NE(r.find_terrain("water"), nullptr);
    EXPECT_FALSE(r.find_terrain("water")->passable);
    EXPECT_EQ(r.find_terrain("plains"), nullptr);
}

TEST(RulesetValormr, MovementAndCalendar) {
    const Ruleset r = load_valormr();
    EXPECT_EQ(r.movement.road_cost.numerator, 2);  // 6->4, 9->6, 12->8
    EXPECT_EQ(r.movement.road_cost.denominator, 3);
    EXPECT_EQ(r.movement.river_crossing_cost, 3);
    EXPECT_EQ(r.movement.max_saved_points, 12);
    EXPECT_EQ(r.movement.forced_march_bonus_percent, 50);
    EXPECT_EQ(r.movement.forced_march_rest_half_periods, 1);
    EXPECT_EQ(r.movement.exhausted_rate_percent, 50);
    EXPECT_EQ(r.movement.reform_after_stationary_half_periods, 1);
    EXPECT_EQ(r.half_period_end_hours, (std::vector<int>{6, 12, 18, 24}));
    EXPECT_EQ(r.dice.roll_off_max_ties, 10);
}

TEST(RulesetValormr, TroopTypesR1_4) {
    const Ruleset r = load_valormr();
    struct Row {
        const char* name;
        TroopClass troop_class;
        int move_points;
        bool nocturnal;
    };
    for (const Row& row : {Row{"spearmen", TroopClass::infantry, 12, false},
                           Row{"archers", TroopClass::infantry, 12, false},
                           Row{"warband", TroopClass::infantry, 12, false},
                           Row{"hero", TroopClass::infantry, 12, false},
                           Row{"knights", TroopClass::cavalry, 24, false},
                           Row{"light_horse", TroopClass::cavalry, 24, false},
                           Row{"wolf_riders", TroopClass::cavalry, 24, true},
                           Row{"troll", TroopClass::creature, 12, true},
                           Row{"courier", TroopClass::courier, 48, false}}) {
        const TroopType* t = r.find_troop_type(row.name);
        ASSERT_NE(t, nullptr) << row.name;
        EXPECT_EQ(t->troop_class, row.troop_class) << row.name;
        EXPECT_EQ(t->move_points, row.move_points) << row.name;
        EXPECT_EQ(t->nocturnal, row.nocturnal) << row.name;
    }
}

TEST(RulesetValormr, FavouredTerrainR7_3) {
    const Ruleset r = load_valormr();
    EXPECT_EQ(r.favoured_terrain.at(TroopClass::cavalry), (std::set<std::string>{"clear"}));
    EXPECT_EQ(r.favoured_terrain.at(TroopClass::infantry),
              (std::set<std::string>{"forest", "hill", "swamp", "mountain"}));
    EXPECT_TRUE(r.favoured_terrain.at(TroopClass::creature).empty());
    EXPECT_TRUE(r.favoured_terrain.at(TroopClass::courier).empty());
    EXPECT_TRUE(r.is_favoured(TroopClass::cavalry, "clear"));
    EXPECT_FALSE(r.is_favoured(TroopClass::infantry, "clear"));  // 12.2: Hadewych in clear
}

TEST(RulesetValormr, ScoutingR4) {
    const Ruleset r = load_valormr();
    const ScoutingRules& s = r.scouting;
    EXPECT_EQ(s.range_hexes, 8);
    EXPECT_EQ(s.dispatches_per_period, 1);
    EXPECT_EQ(s.detection_radius_hexes, 1);
    EXPECT_EQ(s.report_radius_hexes, 1);
    EXPECT_EQ(s.counts_for_periods, 2);
    EXPECT_EQ(s.outcome(1).result, ScoutResult::killed);
    EXPECT_EQ(s.outcome(2).result, ScoutResult::captured);
    for (int roll : {3, 4}) {
        EXPECT_EQ(s.outcome(roll).result, ScoutResult::success);
        EXPECT_EQ(s.outcome(roll).accuracy_percent, 50);
    }
    for (int roll : {5, 6}) {
        EXPECT_EQ(s.outcome(roll).result, ScoutResult::success);
        EXPECT_EQ(s.outcome(roll).accuracy_percent, 25);
    }
}

TEST(RulesetValormr, ContactModifiersR6_2) {
    const ContactRules c = load_valormr().contact;
    EXPECT_EQ(c.modifiers.more_move_points, 1);
    EXPECT_EQ(c.modifiers.smallest_force, 1);
    EXPECT_EQ(c.modifiers.successful_scout, 1);
    EXPECT_EQ(c.modifiers.captured_scout, 1);
    EXPECT_EQ(c.modifiers.previous_contact, 1);
    EXPECT_EQ(c.modifiers.all_opponents_in_terrain,
              (std::map<std::string, int>{{"clear", 1}, {"mountain", -1}}));
    EXPECT_EQ(c.smallest_force_margin_regiments, 1);
    EXPECT_EQ(c.previous_contact_periods, 2);
    EXPECT_EQ(c.max_procedures_per_pair_per_half_period, 2);
}

TEST(RulesetValormr, ContactTableR6_3) {
    const ContactRules c = load_valormr().contact;
    ASSERT_EQ(c.table.size(), 6u);
    EXPECT_FALSE(c.table.at(1).aware);
    EXPECT_EQ(c.table.at(1).size, SizeKnowledge::none);
    EXPECT_EQ(c.table.at(1).composition, CompositionKnowledge::none);
    EXPECT_TRUE(c.table.at(2).aware);
    EXPECT_EQ(c.table.at(2).size, SizeKnowledge::none);
    EXPECT_EQ(c.table.at(3).size, SizeKnowledge::estimate);
    EXPECT_EQ(c.table.at(3).accuracy_percent, 50);
    EXPECT_EQ(c.table.at(3).composition, CompositionKnowledge::troop_class);
    EXPECT_EQ(c.table.at(4).accuracy_percent, 25);
    EXPECT_EQ(c.table.at(4).composition, CompositionKnowledge::troop_types);
    EXPECT_EQ(c.table.at(5).accuracy_percent, 10);
    EXPECT_EQ(c.table.at(5).composition, CompositionKnowledge::organization);
    EXPECT_EQ(c.table.at(6).size, SizeKnowledge::exact);
    EXPECT_EQ(c.table.at(6).composition, CompositionKnowledge::exact);
    // Clamped: 12.1 Aeskrvald's 7 is used as 6; a modified 0 reads as unaware.
    EXPECT_EQ(c.row(7).score, 6);
    EXPECT_EQ(c.row(0).score, 1);
    EXPECT_EQ(c.row(-3).score, 1);
}

TEST(RulesetValormr, SizeEstimationR6_4) {
    const SizeEstimationTable t = load_valormr().contact.size_estimation;
    EXPECT_EQ(t.accuracy_percent, (std::vector<int>{50, 25, 10}));
    const int expected[11][3] = {{-50, -25, -10}, {-40, -20, 0}, {-30, -15, -10}, {-20, -10, -5},
                                 {-10, -5, -5},   {0, 0, 0},     {10, 5, 5},      {20, 10, 5},
                                 {30, 15, 10},    {40, 20, 0},   {50, 25, 10}};
    for (int roll = 2; roll <= 12; ++roll) {
        EXPECT_EQ(t.error(50, roll), expected[roll - 2][0]) << "roll " << roll;
        EXPECT_EQ(t.error(25, roll), expected[roll - 2][1]) << "roll " << roll;
        EXPECT_EQ(t.error(10, roll), expected[roll - 2][2]) << "roll " << roll;
    }
}

TEST(RulesetValormr, TerrainCardsR6_6) {
    const TerrainCardRules t = load_valormr().terrain_cards;
    ASSERT_EQ(t.deck.size(), 8u);
    const std::pair<const char*, int> deck[] = {
        {"hill", 6},  {"woods", 4}, {"marsh", 2}, {"pond", 1},
        {"gully", 2}, {"rough_ground", 2}, {"river", 1}, {"stream", 2}};
    for (std::size_t i = 0; i < 8; ++i) {
        EXPECT_EQ(t.deck[i].card, deck[i].first);
        EXPECT_EQ(t.deck[i].count, deck[i].second);
    }
    EXPECT_EQ(t.deck_size(), 20);
    EXPECT_EQ(t.swap_out, (std::vector<std::string>{"marsh", "pond", "gully", "rough_ground"}));
    EXPECT_EQ(t.swap_out_fallback, "hill");
    EXPECT_EQ(t.swap_out_count, 2);
    ASSERT_EQ(t.local_swaps.size(), 4u);
    EXPECT_EQ(t.local_swaps.at("forest").at(0).card, "woods");
    EXPECT_EQ(t.local_swaps.at("forest").at(0).count, 2);
    EXPECT_EQ(t.local_swaps.at("hill").at(0).card, "low_hill");
    EXPECT_EQ(t.local_swaps.at("swamp").at(0).card, "marsh");
    ASSERT_EQ(t.local_swaps.at("mountain").size(), 2u);
    EXPECT_EQ(t.local_swaps.at("mountain")[0].card, "high_hill");
    EXPECT_EQ(t.local_swaps.at("mountain")[0].count, 2);
    EXPECT_EQ(t.local_swaps.at("mountain")[1].card, "impassable");
    EXPECT_EQ(t.local_swaps.at("mountain")[1].count, 1);
    EXPECT_EQ(t.cards_per_side, 4);
    EXPECT_EQ(t.grid_columns, 6);
    EXPECT_EQ(t.grid_rows, 4);
}

TEST(RulesetValormr, DisengagementR7) {
    const DisengagementRules d = load_valormr().disengagement;
    EXPECT_EQ(d.modifiers.order.formed, 2);
    EXPECT_EQ(d.modifiers.order.unformed, 0);
    EXPECT_EQ(d.modifiers.order.in_retreat, 0);
    EXPECT_EQ(d.modifiers.order.in_rout, -1);
    EXPECT_EQ(d.modifiers.rearguard, 1);
    EXPECT_EQ(d.modifiers.supported, 1);
    EXPECT_EQ(d.modifiers.favourable_terrain, 1);
    EXPECT_EQ(d.modifiers.unfavourable_terrain, 0);
    EXPECT_EQ(d.modifiers.maneuver, 1);
    EXPECT_EQ(d.modifiers.aggressive_pursuit, 2);
    EXPECT_EQ(d.rearguard_min_regiments, 2);
    EXPECT_EQ(d.destroy_threshold_percent, 50);
    EXPECT_EQ(d.no_hex_displacement_percent, 10);
    EXPECT_EQ(d.minimum_loss_figures, 1);
    EXPECT_EQ(d.withdraw_formed_min_percent, 25);
    EXPECT_EQ(d.withdraw_rout_min_percent, 25);

    // including the open ends.
    struct Row {
        int difference;
        int loss;
        bool displaced;
    };
    for (const Row& row : {Row{3, 0, false}, Row{0, 0, false}, Row{-1, 0, false},
                           Row{-2, 5, false}, Row{-3, 5, true}, Row{-4, 10, true},
                           Row{-5, 25, true}, Row{-6, 40, true}, Row{-7, 50, true},
                           Row{-11, 50, true}}) {
        EXPECT_EQ(d.loss_for(row.difference).loss_percent, row.loss) << row.difference;
        EXPECT_EQ(d.loss_for(row.difference).displaced, row.displaced) << row.difference;
    }
    // 12.2: differences -4 and -5 make 35%.
    EXPECT_EQ(d.loss_for(4 - 8).loss_percent + d.loss_for(4 - 9).loss_percent, 35);
}

TEST(RulesetValormr, BattleR8_2ToR8_4) {
    const BattleRules b = load_valormr().battle;
    EXPECT_EQ(b.figures_per_element, 1);
    EXPECT_EQ(b.withdrawal_pips, 5);
    EXPECT_EQ(b.withdrawal_pips_without_cinc, 6);
    EXPECT_EQ(b.camp_evacuation_pips, 5);
    EXPECT_EQ(b.time_limit_mode, TimeLimitMode::daylight);
    EXPECT_EQ(b.daylight_end_hour, 12);
    EXPECT_EQ(b.bounds_per_hour, 2);
    EXPECT_EQ(b.minimum_bounds, 4);
    EXPECT_EQ(b.dba_bounds, 24);
    EXPECT_EQ(b.defeat_ratio, 3);
    EXPECT_EQ(b.camp_lost_counts, 2);
    EXPECT_EQ(b.general_lost_counts, 2);
}

TEST(RulesetValormr, RecoveryR8_7) {
    const RecoveryRules rec = load_valormr().recovery;
    EXPECT_EQ(rec.die_needed.won, 4);
    EXPECT_EQ(rec.die_needed.withdrew, 5);
    EXPECT_EQ(rec.die_needed.defeated, 6);
    EXPECT_EQ(rec.after_withdrawal_declared, 6);
    EXPECT_EQ(rec.general_lost_penalty, 2);
    EXPECT_EQ(rec.camp_lost_penalty, 2);
    EXPECT_FALSE(rec.fixed_shares);
    EXPECT_EQ(rec.fixed_share_percent.won, 30);
    EXPECT_EQ(rec.fixed_share_percent.withdrew, 10);
    EXPECT_EQ(rec.fixed_share_percent.defeated, 10);
}

TEST(RulesetValormr, QuickBattleR8_8) {
    const QuickBattleRules q = load_valormr().quick_battle;
    ASSERT_EQ(q.ratio_bonuses.size(), 3u);
    EXPECT_EQ(q.ratio_bonus(10, 10), 0);
    EXPECT_EQ(q.ratio_bonus(14, 10), 0);
    EXPECT_EQ(q.ratio_bonus(15, 10), 1);  // 1.5x
    EXPECT_EQ(q.ratio_bonus(19, 10), 1);
    EXPECT_EQ(q.ratio_bonus(20, 10), 2);  // 2x
    EXPECT_EQ(q.ratio_bonus(29, 10), 2);
    EXPECT_EQ(q.ratio_bonus(30, 10), 3);  // 3x
    EXPECT_EQ(q.ratio_bonus(100, 10), 3);
    EXPECT_EQ(q.formed_bonus, 1);
    EXPECT_EQ(q.favoured_terrain_bonus, 1);
    EXPECT_EQ(q.support_bonus, 1);

    const QuickBattleMargin& tie = q.margin_row(0);
    EXPECT_EQ(tie.loser, QuickBattleLoser::attacker);
    EXPECT_EQ(tie.loser_outcome, QuickBattleOutcome::withdrew);
    EXPECT_EQ(tie.loser_state, WithdrawState::formed);
    EXPECT_EQ(tie.loser_loss_percent, 10);
    EXPECT_EQ(tie.winner_loss_percent, 10);
    for (int margin : {1, 2}) {
        const QuickBattleMargin& m = q.margin_row(margin);
        EXPECT_EQ(m.loser, QuickBattleLoser::lower_total);
        EXPECT_EQ(m.loser_outcome, QuickBattleOutcome::defeated);
        EXPECT_EQ(m.loser_state, WithdrawState::formed);
        EXPECT_EQ(m.loser_loss_percent, 20);
        EXPECT_EQ(m.winner_loss_percent, 10);
    }
    for (int margin : {3, 4}) {
        EXPECT_EQ(q.margin_row(margin).loser_state, WithdrawState::in_retreat);
        EXPECT_EQ(q.margin_row(margin).loser_loss_percent, 30);
        EXPECT_EQ(q.margin_row(margin).winner_loss_percent, 10);
    }
    for (int margin : {5, 9}) {
        EXPECT_EQ(q.margin_row(margin).loser_state, WithdrawState::in_rout);
        EXPECT_EQ(q.margin_row(margin).loser_loss_percent, 40);
        EXPECT_EQ(q.margin_row(margin).winner_loss_percent, 5);
    }
}

TEST(RulesetValormr, RetreatMoraleCavalryR10) {
    const Ruleset r = load_valormr();
    EXPECT_EQ(r.retreat.retreat_move_points, 6);
    EXPECT_EQ(r.retreat.retreat_min_hexes, 1);
    EXPECT_EQ(r.retreat.rout_hexes, 3);
    EXPECT_EQ(r.retreat.behind_lines_radius, 3);
    EXPECT_EQ(r.morale.dice, MoraleDice::two_d6);
    EXPECT_EQ(r.morale.in_retreat, -1);
    EXPECT_EQ(r.morale.in_rout, -2);
    EXPECT_EQ(r.morale.far_from_enemy_hexes, 15);
    // the default morale values of the grades, on the 2d6 scale.
    EXPECT_EQ(r.morale.defaults, (std::map<std::string, int>{
                                     {"elite", 5}, {"veteran", 6}, {"regular", 7}, {"green", 8},
                                     {"levy", 9}}));
    EXPECT_EQ(r.cavalry_readiness.exhausted_disengagement_modifier, -1);
    EXPECT_EQ(r.cavalry_readiness.recovery_steps_per_stationary_half_period, 1);
}

// --- Content hash ---------------------------------------------------------------------------

TEST(RulesetHash, IsSha256OfCanonicalDump) {
    const Json document = valormr_document();
    const Ruleset r = load_valormr();
    EXPECT_EQ(r.hash, sha256_hex(document.dump()));
    EXPECT_EQ(r.document, document.dump());
}

TEST(RulesetHash, StableAcrossLoads) {
    EXPECT_EQ(load_valormr().hash, load_valormr().hash);
}

TEST(RulesetHash, IgnoresKeyOrderAndWhitespace) {
    const Json document = valormr_document();
    const std::string reordered = dump_reversed(document);
    ASSERT_NE(reordered, document.dump());
    ASSERT_NE(reordered.find("\"version\" : \"1\",\n  \"troop_types\""), std::string::npos)
        << "the text should really be reordered";
    Problems problems;
    auto reparsed = parse_json_text(reordered, problems);
    ASSERT_TRUE(reparsed) << problems.to_text();
    auto ruleset = load_ruleset(*reparsed, problems);
    ASSERT_TRUE(ruleset) << problems.to_text();
    EXPECT_EQ(ruleset->hash, load_valormr().hash);
}

// Found by fuzzing: nlohmann throws out_of_range, not parse_error, for a number no double holds.
TEST(JsonText, NumberOutOfRangeIsAProblemNotAnException) {
    for (const char* text : {"555e555", "{\"cells\": [1e999]}"}) {
        Problems problems;
        EXPECT_FALSE(parse_json_text(text, problems)) << text;
        EXPECT_NE(problems.to_text().find("not valid JSON (a number out of range)"),
                  std::string::npos)
            << problems.to_text();
    }
}

TEST(RulesetHash, ChangesWithAnyValue) {
    const std::string original = load_valormr().hash;
    Json document = valormr_document();
    document["movement"]["max_saved_points"] = 11;
    Problems problems;
    auto changed = load_ruleset(document, problems);
    ASSERT_TRUE(changed) << problems.to_text();
    EXPECT_NE(changed->hash, original);

    Json described = valormr_document();
    described["description"] = "another text";
    auto redescribed = load_ruleset(described, problems);
    ASSERT_TRUE(redescribed) << problems.to_text();
    EXPECT_NE(redescribed->hash, original);  // the hash names the whole file's content
}

// --- Broken rulesets: every problem with its JSON path ----------------------------------------

TEST(RulesetErrors, NotJson) {
    Problems problems;
    EXPECT_FALSE(load_ruleset_file(kBadDir + "not-json.json", problems));
    EXPECT_TRUE(has_problem(problems, "$", "not valid JSON"));
}

TEST(RulesetErrors, MissingFile) {
    Problems problems;
    EXPECT_FALSE(load_ruleset_file(kBadDir + "no-such-file.json", problems));
    EXPECT_TRUE(has_problem(problems, "$", "cannot read file"));
}

TEST(RulesetErrors, NotAnObject) {
    const Problems problems = refused(Json::array());
    EXPECT_TRUE(has_problem(problems, "$", "expected an object, found array"));
}

TEST(RulesetErrors, EverySectionMissingIsReported) {
    Problems problems;
    EXPECT_FALSE(load_ruleset_file(kBadDir + "sections-missing.json", problems));
    for (const char* section :
         {"terrain", "movement", "calendar", "dice", "troop_types", "favoured_terrain",
          "scouting", "contact", "terrain_cards", "disengagement", "battle", "recovery",
          "quick_battle", "retreat", "morale", "cavalry_readiness"})
        EXPECT_TRUE(has_problem(problems, std::string("$.") + section, "missing"));
    EXPECT_EQ(problems.size(), 16u) << problems.to_text();
}

TEST(RulesetErrors, MissingSection) {
    Json document = valormr_document();
    document.erase("contact");
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact", "missing"));
    // The sections that refer to contact's size columns do not pile on.
    EXPECT_EQ(problems.size(), 1u) << problems.to_text();
}

TEST(RulesetErrors, WrongType) {
    Json document = valormr_document();
    document["movement"]["max_saved_points"] = "12";
    document["battle"] = Json::array();
    document["recovery"]["fixed_shares"] = 0;
    document["troop_types"]["knights"]["move_points"] = 24.5;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.movement.max_saved_points",
                            "expected an integer, found string"));
    EXPECT_TRUE(has_problem(problems, "$.battle", "expected an object, found array"));
    EXPECT_TRUE(has_problem(problems, "$.recovery.fixed_shares", "expected true or false"));
    EXPECT_TRUE(has_problem(problems, "$.troop_types.knights.move_points",
                            "expected an integer, found number"));
    EXPECT_EQ(problems.size(), 4u) << problems.to_text();
}

TEST(RulesetErrors, UnknownTerrainInFavouredTerrain) {
    Json document = valormr_document();
    document["favoured_terrain"]["cavalry"] = {"clear", "plains"};
    const Problems problems = refused(document);
    EXPECT_TRUE(
        has_problem(problems, "$.favoured_terrain.cavalry[1]", "unknown terrain \"plains\""));
    EXPECT_EQ(problems.size(), 1u) << problems.to_text();
}

TEST(RulesetErrors, UnknownTerrainElsewhere) {
    Json document = valormr_document();
    document["contact"]["modifiers"]["all_opponents_in_terrain"]["desert"] = 1;
    document["terrain_cards"]["local_swaps"]["jungle"] = Json::array();
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact.modifiers.all_opponents_in_terrain.desert",
                            "unknown terrain"));
    EXPECT_TRUE(has_problem(problems, "$.terrain_cards.local_swaps.jungle", "unknown terrain"));
}

TEST(RulesetErrors, NegativeCost) {
    Json document = valormr_document();
    document["terrain"]["forest"]["cost"] = -9;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.terrain.forest.cost", "must be between 1 and"));
    EXPECT_EQ(problems.size(), 1u) << problems.to_text();
}

TEST(RulesetErrors, PassableTerrainNeedsCost) {
    Json document = valormr_document();
    document["terrain"]["hill"].erase("cost");
    document["terrain"]["water"]["passable"] = true;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.terrain.hill.cost", "missing"));
    EXPECT_TRUE(has_problem(problems, "$.terrain.water.cost", "missing"));
    EXPECT_TRUE(has_problem(problems, "$.terrain.water.formed_movement", "missing"));
}

TEST(RulesetErrors, UnknownMemberTypo) {
    Json document = valormr_document();
    document["movement"].erase("max_saved_points");
    document["movement"]["max_saved_point"] = 12;
    document["terrian"] = Json::object();
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.movement.max_saved_point", "unknown member"));
    EXPECT_TRUE(has_problem(problems, "$.movement.max_saved_points", "missing"));
    EXPECT_TRUE(has_problem(problems, "$.terrian", "unknown member"));
    EXPECT_EQ(problems.size(), 3u) << problems.to_text();
}

TEST(RulesetErrors, IncompleteContactTable) {
    Json document = valormr_document();
    document["contact"]["table"].erase(5);  // no row for score 6
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact.table", "scores 6 to 6 have no row"));
    EXPECT_EQ(problems.size(), 1u) << problems.to_text();
}

TEST(RulesetErrors, ContactTableOutOfOrder) {
    Json document = valormr_document();
    std::swap(document["contact"]["table"][2], document["contact"]["table"][3]);
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact.table[2].score", "expected score 3"));
    EXPECT_TRUE(has_problem(problems, "$.contact.table[3].score", "expected score 4"));
}

TEST(RulesetErrors, ContactAccuracyMustBeASizeColumn) {
    Json document = valormr_document();
    document["contact"]["table"][3]["accuracy_percent"] = 33;
    document["scouting"]["results"][3]["accuracy_percent"] = 20;
    document["contact"]["table"][1]["accuracy_percent"] = 50;  // size "none" has no accuracy
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact.table[3].accuracy_percent",
                            "not a column of $.contact.size_estimation.accuracy_percent"));
    EXPECT_TRUE(has_problem(problems, "$.scouting.results[3].accuracy_percent",
                            "not a column"));
    EXPECT_TRUE(has_problem(problems, "$.contact.table[1].accuracy_percent",
                            "only a size \"estimate\" has an accuracy"));
}

TEST(RulesetErrors, SizeEstimationTable) {
    Json document = valormr_document();
    auto& rows = document["contact"]["size_estimation"]["rows"];
    rows[4]["error_percent"][1] = -30;  // beyond the ±25% band
    rows[6]["error_percent"] = {10, 5};
    rows.erase(10);  // no roll 12
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.contact.size_estimation.rows[4].error_percent[1]",
                            "must be between -25 and 25"));
    EXPECT_TRUE(has_problem(problems, "$.contact.size_estimation.rows[6].error_percent",
                            "expected 3 values"));
    EXPECT_TRUE(has_problem(problems, "$.contact.size_estimation.rows",
                            "rolls 12 to 12 have no row"));
}

TEST(RulesetErrors, ScoutingResultsCoverTheDie) {
    Json document = valormr_document();
    document["scouting"]["results"][2]["from"] = 4;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.scouting.results[2].from", "expected 3"));
}

TEST(RulesetErrors, LossesTableInOrder) {
    Json document = valormr_document();
    auto& losses = document["disengagement"]["losses"];
    losses[3]["difference"] = -4;
    losses[6]["loss_percent"] = 20;  // below the 25% of the row above
    losses[7]["loss_percent"] = 150;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.disengagement.losses[3].difference", "expected -3"));
    EXPECT_TRUE(has_problem(problems, "$.disengagement.losses[6].loss_percent",
                            "smaller than the row above"));
    EXPECT_TRUE(has_problem(problems, "$.disengagement.losses[7].loss_percent",
                            "must be between 0 and 100"));
}

TEST(RulesetErrors, TerrainCards) {
    Json document = valormr_document();
    document["terrain_cards"]["swap_out"]["cards"][1] = "lake";
    document["terrain_cards"]["deck"][1]["card"] = "hill";
    document["terrain_cards"]["grid"]["rows"] = 1;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.terrain_cards.swap_out.cards[1]",
                            "\"lake\" is not a card of the deck"));
    EXPECT_TRUE(has_problem(problems, "$.terrain_cards.deck[1].card", "listed twice"));
    EXPECT_TRUE(has_problem(problems, "$.terrain_cards.grid", "fewer cells"));
}

TEST(RulesetErrors, CalendarInOrder) {
    Json document = valormr_document();
    document["calendar"]["half_period_end_hours"]["evening"] = 11;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.calendar.half_period_end_hours.evening",
                            "must end later"));
}

TEST(RulesetErrors, QuickBattleRows) {
    Json document = valormr_document();
    document["quick_battle"]["margins"][0]["min_margin"] = 1;
    document["quick_battle"]["margins"][3]["loser_state"] = "unformed";
    document["quick_battle"]["ratio_bonuses"][2]["ratio_percent"] = 200;
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.quick_battle.margins[0].min_margin", "start at 0"));
    EXPECT_TRUE(has_problem(problems, "$.quick_battle.margins[3].loser_state",
                            "\"unformed\" is not one of"));
    EXPECT_TRUE(has_problem(problems, "$.quick_battle.ratio_bonuses[2].ratio_percent",
                            "must be greater than the row above"));
}

TEST(RulesetErrors, MoraleValuesOnTheDiceScale) {
    Json document = valormr_document();
    document["morale"]["dice"] = "d66";  // the 2d6 defaults are off the 11..66 scale
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.morale.defaults.elite", "between 11 and 66"));
    EXPECT_EQ(problems.size(), 5u) << problems.to_text();

    Json d66 = valormr_document();
    d66["morale"]["dice"] = "d66";
    d66["morale"]["defaults"] = {{"elite", 35}, {"levy", 51}};
    Problems accepted;
    auto loaded = load_ruleset(d66, accepted);
    ASSERT_TRUE(loaded) << accepted.to_text();
    EXPECT_EQ(loaded->morale.dice, MoraleDice::d66);
    EXPECT_EQ(loaded->morale.defaults.at("elite"), 35);

    d66["morale"]["defaults"]["green"] = 47;  // 7 is no face of a die
    EXPECT_TRUE(has_problem(refused(d66), "$.morale.defaults.green", "not a d66 reading"));
}

TEST(RulesetErrors, BadNames) {
    Json document = valormr_document();
    document["troop_types"]["Light Horse"] = document["troop_types"]["light_horse"];
    document["troop_types"]["archers"]["class"] = "artillery";
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.troop_types.Light Horse", "is not a name"));
    EXPECT_TRUE(has_problem(problems, "$.troop_types.archers.class",
                            "\"artillery\" is not one of: infantry, cavalry, creature, courier"));
}

TEST(RulesetErrors, AllProblemsCollected) {
    Json document = valormr_document();
    document["terrain"]["forest"]["cost"] = 0;
    document["battle"]["defeat"]["ratio"] = 0;
    document["morale"]["modifiers"]["in_rout"] = -20;
    document["cavalry_readiness"].erase("exhausted_disengagement_modifier");
    const Problems problems = refused(document);
    EXPECT_TRUE(has_problem(problems, "$.terrain.forest.cost", "must be between"));
    EXPECT_TRUE(has_problem(problems, "$.battle.defeat.ratio", "must be between"));
    EXPECT_TRUE(has_problem(problems, "$.morale.modifiers.in_rout", "must be between"));
    EXPECT_TRUE(has_problem(problems, "$.cavalry_readiness.exhausted_disengagement_modifier",
                            "missing"));
    EXPECT_EQ(problems.size(), 4u) << problems.to_text();
}

}  // namespace
}  // namespace umpire::rules
