// Events are written straight to JSON text (include/umpire/rules/event_fields.hpp): the text must
// be the very bytes nlohmann::json writes for the same object, whatever the values hold.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "umpire/rules/dice.hpp"
#include "umpire/rules/events.hpp"

namespace umpire::rules {
namespace {

void expect_canonical(const Event& e) {
    const Json parsed = e.json();
    EXPECT_EQ(e.text(), parsed.dump());
    EXPECT_EQ(e.type(), parsed["type"].get<std::string>());
    EXPECT_EQ(e.audience(), parsed["audience"].dump());
}

TEST(EventLog, WritesEveryKindOfValueAsNlohmannWouldWithKeysSorted) {
    EventLog log;
    const std::string quoted = "say \"hi\"\\ then\nleave\t\x01 at Ælfric's";
    const std::vector<std::string> names{"b", "a"};
    const std::size_t count = 18446744073709551615ull;
    log.add("sample", Fields{{"zeta", -42}, {"alpha", true}, {"text", quoted},
                             {"hex", Hex{-3, 7}}, {"count", count}, {"names", names},
                             {"nested", Json{{"y", 1}, {"x", Json::array({1, "two"})}}},
                             {"ratio", 0.1}, {"off", false}, {"plain", "word"}},
            Json::array({"p1", "p2"}));
    ASSERT_EQ(log.size(), 1u);
    const Event& e = log.events()[0];
    expect_canonical(e);
    const Json expected{{"type", "sample"},  {"audience", {"p1", "p2"}}, {"zeta", -42},
                        {"alpha", true},     {"text", quoted},          {"hex", {-3, 7}},
                        {"count", count},    {"names", names},
                        {"nested", {{"y", 1}, {"x", {1, "two"}}}},
                        {"ratio", 0.1},      {"off", false},            {"plain", "word"}};
    EXPECT_EQ(e.text(), expected.dump());
    EXPECT_EQ(e.type(), "sample");
    EXPECT_EQ(e.audience(), "[\"p1\",\"p2\"]");
    EXPECT_FALSE(e.for_all());
}

TEST(EventLog, ListsOfHexesAndNamesAndFieldsLeftOut) {
    EventLog log;
    const Hex hexes[] = {{75, 40}, {-1, 0}};
    const std::string_view forces[] = {"f2", "f1"};
    for (const bool renewed : {false, true})
        log.add("contact",
                Fields{{"hexes", std::span<const Hex>(hexes)},
                       {"forces", std::span<const std::string_view>(forces)},
                       {"renewed", renewed ? FieldValue(true) : FieldValue::none()}});
    SeededDice dice(3);
    log.roll(dice, 6, "check", {.force = ""});  // an empty subject member is left out
    ASSERT_EQ(log.size(), 3u);
    for (const Event& e : log.events()) expect_canonical(e);
    EXPECT_EQ(log.events()[0].text(),
              R"({"audience":"all","forces":["f2","f1"],"hexes":[[75,40],[-1,0]],"type":"contact"})");
    EXPECT_EQ(log.events()[1].json()["renewed"], true);
    EXPECT_FALSE(log.events()[2].json().contains("force"));
}

TEST(EventLog, FieldsFromAJsonObjectReadTheSameAsListedFields) {
    EventLog log;
    log.add("moved", Fields{{"force", "f1"}, {"to", Hex{1, 2}}});
    log.add("moved", Json{{"force", "f1"}, {"to", {1, 2}}});
    log.add("empty");
    ASSERT_EQ(log.size(), 3u);
    EXPECT_EQ(log.events()[0].text(), log.events()[1].text());
    EXPECT_EQ(log.events()[2].text(), R"({"audience":"all","type":"empty"})");
    EXPECT_TRUE(log.events()[2].for_all());
}

TEST(EventLog, OneSetOfNamesInAnyOrderOrWithFieldsLeftOutIsWrittenSorted) {
    // Layouts are kept per set of names: the same names in another order, fewer names, and
    // names sharing their first eight bytes must each come out sorted.
    EventLog log;
    for (const bool with_renewed : {true, false, true}) {
        log.add("moved", Fields{{"position_b", 2}, {"position_a", 1}, {"positions", 3},
                                {"renewed", with_renewed ? FieldValue(true) : FieldValue::none()}});
        log.add("moved", Fields{{"positions", 3}, {"position_a", 1}, {"position_b", 2}});
    }
    ASSERT_EQ(log.size(), 6u);
    for (const Event& e : log.events()) expect_canonical(e);
    EXPECT_EQ(log.events()[0].text(),
              R"({"audience":"all","position_a":1,"position_b":2,"positions":3,"renewed":true,"type":"moved"})");
    EXPECT_EQ(log.events()[1].text(),
              R"({"audience":"all","position_a":1,"position_b":2,"positions":3,"type":"moved"})");
    EXPECT_EQ(log.events()[3].text(), log.events()[1].text());
    EXPECT_EQ(log.events()[4].text(), log.events()[0].text());
}

TEST(EventLog, ThePlaceThatWroteLastOffersItsLayoutOnlyForTheSameNames) {
    // The layout a place last used is tried first: another set of names from the same place,
    // with the same first name and count, or the same names read from data, must not take it.
    EventLog log;
    for (int round = 0; round < 3; ++round) {
        log.add("moved", Fields{{"force", "a"}, {"to", 1}});
        log.add("moved", Fields{{"force", "a"}, {"from", 1}});
        log.add("moved", Json{{"force", "a"}, {"zone", 1}});
    }
    ASSERT_EQ(log.size(), 9u);
    for (const Event& e : log.events()) expect_canonical(e);
    for (std::size_t i = 0; i < 9; i += 3) {
        EXPECT_EQ(log.events()[i].text(),
                  R"({"audience":"all","force":"a","to":1,"type":"moved"})");
        EXPECT_EQ(log.events()[i + 1].text(),
                  R"({"audience":"all","force":"a","from":1,"type":"moved"})");
        EXPECT_EQ(log.events()[i + 2].text(),
                  R"({"audience":"all","force":"a","type":"moved","zone":1})");
    }
}

TEST(EventLog, NamesFromDataAreEscapedAsNlohmannEscapesThem) {
    EventLog log;
    const Json fields{{"we\"ird", 1}, {"Ælfric", 2}, {"tab\there", 3}};
    log.add("odd", fields);
    log.add("odd", Json{{"plain", 4}});
    ASSERT_EQ(log.size(), 2u);
    for (const Event& e : log.events()) expect_canonical(e);
    Json expected = fields;
    expected["type"] = "odd";
    expected["audience"] = "all";
    EXPECT_EQ(log.events()[0].text(), expected.dump());
    EXPECT_EQ(log.events()[1].text(), R"({"audience":"all","plain":4,"type":"odd"})");
}

TEST(EventLog, AFieldNamedTwiceIsRefusedAndTheLogKeepsWhatItHad) {
    EventLog log;
    log.add("kept", Fields{{"force", "a"}});
    EXPECT_THROW(log.add("twice", Fields{{"force", "a"}, {"force", "b"}}), std::logic_error);
    EXPECT_THROW(log.add("typed", Json{{"type", "x"}}), std::logic_error);
    ASSERT_EQ(log.size(), 1u);
    EXPECT_EQ(log.events()[0].type(), "kept");
    log.add("after", Fields{{"force", "a"}});  // the log goes on
    EXPECT_EQ(log.size(), 2u);
}

TEST(EventLog, DiceRollsNameTheirPurposeDieAndValue) {
    EventLog log;
    ScriptedDice dice({{5, ""}});
    EXPECT_EQ(log.roll(dice, 6, "contact die", {.force = "a"}), 5);
    expect_canonical(log.events()[0]);
    EXPECT_EQ(log.events()[0].json(),
              (Json{{"type", "dice_roll"}, {"audience", "all"}, {"force", "a"},
                    {"purpose", "contact die"}, {"die", "d6"}, {"value", 5}}));
}

TEST(EventLog, RestrictingRewritesOnlyEventsForAllAndKeepsTheTypeReadable) {
    EventLog log;
    log.add("before", Fields{{"n", 1}});
    const std::size_t mark = log.size();
    log.add("open", Fields{{"n", 2}});
    log.add("private", Fields{{"n", 3}}, Json::array({"p9"}));
    log.add("open_too", Fields{{"n", 4}});
    log.restrict_since(mark, Json::array({"p1", "p2"}));
    const auto& events = log.events();
    EXPECT_TRUE(events[0].for_all());
    EXPECT_EQ(events[1].audience(), R"(["p1","p2"])");
    EXPECT_EQ(events[2].audience(), R"(["p9"])");
    EXPECT_EQ(events[3].audience(), R"(["p1","p2"])");
    for (const auto& e : events) expect_canonical(e);
    EXPECT_EQ(events[3].type(), "open_too");
    EXPECT_EQ(events[3].json()["n"], 4);
}

TEST(EventLog, RestrictingAfterManyEventsKeepsEarlierOnesAndRewritesAcrossBlocks) {
    // Enough events that the texts span several blocks; restricting from the middle of one
    // rewrites the tail in place of the old texts.
    EventLog log;
    const std::string filler(300, 'x');
    for (int i = 0; i < 200; ++i) log.add("early", Fields{{"n", i}, {"filler", filler}});
    const std::size_t mark = log.size();
    for (int i = 200; i < 400; ++i) log.add("late", Fields{{"n", i}, {"filler", filler}});
    log.restrict_since(mark, Json::array({"p1"}));
    log.add("after", Fields{{"n", 400}});
    const auto& events = log.events();
    ASSERT_EQ(events.size(), 401u);
    for (std::size_t i = 0; i < events.size(); ++i) {
        expect_canonical(events[i]);
        const bool restricted = i >= mark && i < 400;
        EXPECT_EQ(events[i].for_all(), !restricted) << i;
        EXPECT_EQ(events[i].json()["n"], i) << i;
        EXPECT_EQ(events[i].type(), i < mark ? "early" : i < 400 ? "late" : "after") << i;
    }
}

TEST(EventLog, NarrowingGivesWhatRestrictingAfterwardsGives) {
    // The same events recorded twice: under nested narrowings, and plainly with restrict_since
    // applied innermost first.
    const Json outer = Json::array({"p1", "p2"});
    const Json inner = Json::array({"p2"});
    EventLog narrowed, restricted;
    narrowed.add("before", Fields{{"n", 0}});
    {
        const auto o = narrowed.narrowed_to(outer);
        narrowed.add("outer", Fields{{"n", 1}});
        narrowed.add("own", Fields{{"n", 2}}, Json::array({"p9"}));
        {
            const auto i = narrowed.narrowed_to(inner);
            narrowed.add("inner", Fields{{"n", 3}});
        }
        narrowed.add("outer_again", Fields{{"n", 4}});
    }
    narrowed.add("after", Fields{{"n", 5}});

    restricted.add("before", Fields{{"n", 0}});
    const std::size_t outer_mark = restricted.size();
    restricted.add("outer", Fields{{"n", 1}});
    restricted.add("own", Fields{{"n", 2}}, Json::array({"p9"}));
    const std::size_t inner_mark = restricted.size();
    restricted.add("inner", Fields{{"n", 3}});
    restricted.restrict_since(inner_mark, inner);
    restricted.add("outer_again", Fields{{"n", 4}});
    restricted.restrict_since(outer_mark, outer);
    restricted.add("after", Fields{{"n", 5}});

    ASSERT_EQ(narrowed.size(), 6u);
    ASSERT_EQ(restricted.size(), 6u);
    for (std::size_t i = 0; i < narrowed.size(); ++i) {
        EXPECT_EQ(narrowed.events()[i].text(), restricted.events()[i].text()) << i;
        expect_canonical(narrowed.events()[i]);
    }
    EXPECT_EQ(narrowed.events()[3].audience(), R"(["p2"])");
    EXPECT_EQ(narrowed.events()[4].audience(), R"(["p1","p2"])");
    EXPECT_TRUE(narrowed.events()[5].for_all());
}

TEST(EventList, CopiesAndMovesKeepEveryText) {
    EventLog log;
    for (int i = 0; i < 500; ++i) log.add("e", Fields{{"n", i}});
    EventList taken = log.take();
    EXPECT_EQ(log.size(), 0u);
    const EventList copy = taken;
    const EventList moved = std::move(taken);
    ASSERT_EQ(copy.size(), 500u);
    ASSERT_EQ(moved.size(), 500u);
    for (std::size_t i = 0; i < copy.size(); ++i) {
        EXPECT_EQ(copy[i].text(), moved[i].text());
        EXPECT_NE(copy[i].text().data(), moved[i].text().data());  // the copy owns its texts
        EXPECT_EQ(moved[i].json()["n"], i);
    }
    log.add("again", Fields{{"n", 1}});  // the log goes on after handing its events over
    EXPECT_EQ(log.events()[0].type(), "again");
}

// A large period's events fill blocks of a megabyte; a list that is freed leaves its blocks for
// the next list on the thread (no page faults to write it), never to a list still alive.
TEST(EventList, AFreedListsBlocksAreWrittenAgainByTheNextAndOnlyByIt) {
    const std::string filler(1000, 'x');
    auto write = [&](const char* type, int count) {
        EventLog log;
        for (int i = 0; i < count; ++i) log.add(type, Fields{{"n", i}, {"pad", filler}});
        return log.take();
    };
    const EventList kept = write("kept", 3000);  // some 3 MB, alive throughout
    // The same events under a type of the same length: each block is filled alike, so a block
    // written again holds a next event where a freed one started. (glibc's malloc may hand
    // freed memory back by itself; the sanitized build CI runs holds freed memory back, so
    // there only the kept blocks pass.)
    std::set<const char*> freed_at;
    {
        const EventList freed = write("freed", 3000);
        for (const Event& e : freed) freed_at.insert(e.text().data());
    }
    const EventList again = write("again", 3000);
    bool reused = false;
    for (std::size_t i = 0; i < again.size(); ++i) {
        reused = reused || freed_at.count(again[i].text().data()) != 0;
        ASSERT_EQ(again[i].type(), "again");
        ASSERT_EQ(again[i].json()["n"], i);
    }
    EXPECT_TRUE(reused) << "the freed list's blocks were not written again";
    for (std::size_t i = 0; i < kept.size(); ++i) {
        ASSERT_EQ(kept[i].type(), "kept");
        ASSERT_EQ(kept[i].json()["n"], i);
        ASSERT_EQ(kept[i].json()["pad"], filler);
    }
}

TEST(EventLog, NestedObjectsWrittenStraightReadAsNlohmannWritesThem) {
    EventLog log;
    const std::vector<Hex> path{{1, 2}, {3, 4}};
    auto inner = [&](TextOut& out) {
        write_list(out, path, [](TextOut& o, Hex h) {
            write_object(o, Fields{{"r", h.r}, {"q", h.q}, {"skipped", FieldValue::none()}});
        });
    };
    log.add("nested", Fields{{"zz", FieldValue::written(inner)}, {"a", 1}});
    const Json expected{{"type", "nested"}, {"audience", "all"}, {"a", 1},
                        {"zz", {{{"q", 1}, {"r", 2}}, {{"q", 3}, {"r", 4}}}}};
    EXPECT_EQ(log.events()[0].text(), expected.dump());
    TextOut object;
    write_object(object, Fields{{"b", 2}, {"a", "x"}, {"c", FieldValue::none()}});
    EXPECT_EQ(object.text(), (Json{{"a", "x"}, {"b", 2}}.dump()));
}

TEST(EventLog, NamedValuesAreAnObjectWithTheLastOfEqualNames) {
    const std::vector<std::pair<std::string, int>> modifiers{
        {"supported", 1}, {"formed", 2}, {"supported", 3}, {"cavalry", -1}};
    Json assigned = Json::object();
    for (const auto& [name, value] : modifiers) assigned[name] = value;
    EventLog log;
    log.add("t", Fields{{"modifiers", FieldValue::named(modifiers)},
                        {"none", FieldValue::named({})}});
    EXPECT_EQ(log.events()[0].json()["modifiers"], assigned);
    EXPECT_EQ(log.events()[0].text(),
              (Json{{"audience", "all"}, {"modifiers", assigned}, {"none", Json::object()},
                    {"type", "t"}}.dump()));
}

// Text is checked for characters to escape eight bytes at a time: each such character, at every
// place in a word and in the tail, must still come out as nlohmann writes it.
TEST(EventLog, EveryCharacterToEscapeIsFoundWhereverItSits) {
    const std::string specials[] = {"\"", "\\", "\n", std::string(1, '\0'), "\x1f", "\x7f",
                                    "\xc3\x86"};
    for (const std::string& special : specials)
        for (std::size_t before = 0; before <= 17; ++before)
            for (std::size_t after = 0; after <= 17; ++after) {
                const std::string text =
                    std::string(before, 'a') + special + std::string(after, 'z');
                EventLog log;
                log.add("t", Fields{{"text", text}});
                EXPECT_EQ(log.events()[0].text(), (Json{{"audience", "all"}, {"text", text},
                                                        {"type", "t"}}.dump()))
                    << "special " << Json(special).dump() << " after " << before;
            }
    for (const std::string& plain : {std::string(), std::string("~"), std::string("ab"),
                                     std::string("~ !#[]{}"), std::string(23, 'x')}) {
        EventLog log;
        log.add("t", Fields{{"text", plain}});
        EXPECT_EQ(log.events()[0].json()["text"], plain);
    }
}

TEST(EventLog, TextThatIsNotUtf8IsRefusedAsNlohmannRefusesIt) {
    EventLog log;
    EXPECT_THROW(log.add("bad", Fields{{"name", std::string("\xff\xfe")}}), Json::type_error);
    EXPECT_EQ(log.size(), 0u);
}

// Events are written at the free end of the list's last block; one longer than the room lent
// there, or one refused half written, must leave every text as nlohmann writes it. Lengths
// from a few bytes to several kilobytes, across the 4 KB first block and the larger ones after.
TEST(EventLog, EventsOfEveryLengthAcrossBlocksAndRefusalsReadBack) {
    EventLog log;
    std::vector<std::string> expected;
    for (std::size_t n = 0; n < 6000; n += 37) {
        const std::string note(n, static_cast<char>('a' + n % 26));
        log.add("note", Fields{{"n", static_cast<int>(n)}, {"text", note}});
        expected.push_back(Json{{"audience", "all"}, {"n", n}, {"text", note}, {"type", "note"}}
                               .dump());
        if (n % 5 == 0) {  // refused after writing most of a long event
            const std::string bad = std::string(n, 'x') + "\xff";
            EXPECT_THROW(log.add("bad", Fields{{"a", note}, {"b", bad}}), Json::type_error);
        }
    }
    ASSERT_EQ(log.size(), expected.size());
    for (std::size_t i = 0; i < expected.size(); ++i) {
        ASSERT_EQ(log.events()[i].text(), expected[i]) << i;
        expect_canonical(log.events()[i]);
    }
}

}  // namespace
}  // namespace umpire::rules
