// Every command one commit (issue 53, item 8): the crash-point sweep. Each kind of command runs
// in a child process on a copy of a prepared database, through a VFS that ends the process at
// the N-th write or sync, for N = 1, 2, … until the command runs whole (every N, or every
// `stride`-th for the commands with many writes). Each time the database is then opened as a
// server's start opens it, and must hold either all the command does or none of it (compared
// row by row with a run without a kill and with the prepared copy, masking the columns two clean
// runs fill differently: tokens, salts, seeds); every campaign must have a GM and a room, and
// pass verify. Before, create_campaign and sign_up were two commits each: killed between them,
// a campaign nobody could see, or an account whose session was never kept.
//
// The demo's first start is swept the same way: the next start must give logins that work,
// with every seat taken.
#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>

#include "crash_point_sweep.hpp"
#include "hub_support.hpp"
#include "server/credentials.hpp"
#include "server/demo.hpp"
#include "storage/replay.hpp"

namespace umpire::testing {
namespace {

namespace st = storage::testing;
namespace fs = std::filesystem;

const std::string kInviteA = "invite-code-for-sign-up";
const std::string kInviteB = "invite-code-for-redeem";
const std::string kResetCode = "reset-code-for-olaf";

// A message sent by `who` (empty: a connection not logged in) and the reply type that says it
// was done.
struct Step {
    std::string who;
    Json message;
    std::string done;
};

struct CrashCase {
    std::string name;
    std::vector<Step> prepare;  // on the prepared copy, before the sweep
    Step command;
    int stride = 1;
};

void PrintTo(const CrashCase& c, std::ostream* out) { *out << c.name; }

Json gm(Json command) {
    command["type"] = "gm";
    command["campaign"] = "raid";
    if (!command.contains("reason")) command["reason"] = "a sweep";
    return command;
}

Json orders_of(const char* force, const char* path) {
    return Json::array({{{"force", force}, {"path", Json::parse(path)}}});
}

const Step kDeadline{"gm", gm({{"command", "set_deadline"}, {"deadline", {{"kind", "duration"}, {"minutes", 60}}}}), "gm_done"};
const Step kAnnaConfirms{"anna", {{"type", "confirm_orders"}, {"campaign", "raid"}, {"period_index", 0}}, "receipt"};
const Step kIngridConfirms{"ingrid", {{"type", "confirm_orders"}, {"campaign", "raid"}, {"period_index", 0}}, "receipt"};
const Step kAdvance{"gm", gm({{"command", "force_advance"}, {"period", 0}}), "gm_done"};

std::vector<CrashCase> crash_cases() {
    return {
        // The lobby and accounts.
        {"sign_up", {}, {"", {{"type", "sign_up"}, {"code", kInviteA}, {"account", "nora"}, {"password", "a long password"}}, "logged_in"}},
        {"create_campaign", {}, {"gm", {{"type", "create_campaign"}, {"scenario", "valormr-demo"}, {"id", "second"}}, "campaign_created"}, 3},
        {"redeem_invite", {}, {"olaf", {{"type", "redeem_invite"}, {"code", kInviteB}}, "invite_redeemed"}},
        {"login", {}, {"", {{"type", "login"}, {"account", "olaf"}, {"password", "pw-olaf"}}, "logged_in"}},
        {"logout", {}, {"olaf", {{"type", "logout"}}, "logged_out"}},
        // olaf's second session (the prepare's login) ends with the change.
        {"change_password", {{"olaf", {{"type", "get_account"}}, "account"}}, {"olaf", {{"type", "change_password"}, {"password", "pw-olaf"}, {"new_password", "another password"}}, "password_changed"}},
        {"reset_password", {}, {"", {{"type", "reset_password"}, {"account", "olaf"}, {"code", kResetCode}, {"password", "a new password"}}, "password_reset"}},
        {"set_email", {}, {"olaf", {{"type", "set_email"}, {"email", "olaf@example.org"}}, "account"}},
        // Play.
        {"submit_orders", {}, {"anna", {{"type", "submit_orders"}, {"campaign", "raid"}, {"period_index", 0}, {"orders", orders_of("hadewych", "[[3,3],[4,3]]")}}, "receipt"}},
        {"confirm_orders", {}, kAnnaConfirms},
        {"confirm_orders_resolving", {kAnnaConfirms}, kIngridConfirms, 3},
        {"send_press", {}, {"anna", {{"type", "send_press"}, {"campaign", "raid"}, {"to", {"all"}}, {"text", "Parley?"}}, "press_sent"}},
        {"set_webhook", {}, {"anna", {{"type", "set_webhook"}, {"campaign", "raid"}, {"url", "http://127.0.0.1:9/anna"}}, "webhook_set"}},
        // The GM.
        {"gm_invite", {}, {"gm", gm({{"command", "invite"}, {"role", "observer"}}), "gm_done"}},
        {"gm_set_deadline", {}, kDeadline},
        {"gm_pause", {kDeadline}, {"gm", gm({{"command", "pause"}}), "gm_done"}},
        {"gm_resume", {kDeadline, {"gm", gm({{"command", "pause"}}), "gm_done"}}, {"gm", gm({{"command", "resume"}}), "gm_done"}},
        {"gm_extend", {kDeadline}, {"gm", gm({{"command", "extend"}, {"minutes", 15}, {"key", "k"}}), "gm_done"}},
        {"gm_edit", {}, {"gm", gm({{"command", "edit"}, {"changes", {{"name", "The Raid"}}}}), "gm_done"}},
        {"gm_edit_world", {}, {"gm", gm({{"command", "edit_world"}, {"edits", Json::parse(R"([{"op": "set_force", "force": "hadewych", "set": {"hex": [2, 4]}}])")}}), "gm_done"}, 2},
        {"gm_force_advance", {kDeadline}, kAdvance, 3},
        // Both confirm (period 0 resolves), the GM forces period 1 on, then reruns period 0.
        {"gm_rollback_reopening", {kAnnaConfirms, kIngridConfirms, {"gm", gm({{"command", "force_advance"}, {"period", 1}}), "gm_done"}},
         {"gm", gm({{"command", "rollback"}, {"period", 2}, {"to_period", 0}, {"reopen_orders", true}}), "gm_done"}, 2},
        {"gm_add_gm", {{"olaf", {{"type", "redeem_invite"}, {"code", kInviteB}}, "invite_redeemed"}},
         {"gm", gm({{"command", "add_gm"}, {"account", "olaf"}}), "gm_done"}},
        {"gm_remove", {}, {"gm", gm({{"command", "remove"}, {"account", "ingrid"}}), "gm_done"}},
        {"gm_end", {kDeadline}, {"gm", gm({{"command", "end"}}), "gm_done"}},
        {"gm_delete", {{"gm", gm({{"command", "end"}}), "gm_done"}}, {"gm", gm({{"command", "delete"}, {"confirm", "raid"}}), "gm_done"}, 3},
    };
}

// A server on `dir`'s database: started as the server starts, notifications kept but not sent
// (their deliveries are later commits of their own), peers logged in by token (which writes
// nothing).
struct Server {
    Server(const TempDir& dir, const storage::ConnectionOptions& options,
           const std::map<std::string, std::string>& tokens)
        : h(dir, server::TimePoint{}, options) {
        h.services.webhooks = nullptr;
        h.hub->start();
        for (const auto& [name, token] : tokens) {
            auto p = std::make_shared<FakePeer>();
            h.hub->opened(p);
            h.hub->receive(p, Json{{"type", "login"}, {"token", token}}.dump());
            peers[name] = p;
        }
        peers[""] = std::make_shared<FakePeer>();
        h.hub->opened(peers[""]);
    }
    Json send(const Step& step) { return h.send(peers.at(step.who), step.message); }
    HubHarness h;
    std::map<std::string, std::shared_ptr<FakePeer>> peers;
};

storage::ConnectionOptions through_fault_vfs() {
    storage::ConnectionOptions options;
    options.vfs = st::kFaultVfs;
    return options;
}

// What a start after a kill must find in every campaign: a GM and a room, and a campaign that
// verifies.
void expect_whole_campaigns(Server& s, const std::string& at) {
    auto& store = *s.h.services.campaigns;
    for (const auto& id : store.campaign_ids()) {
        bool has_gm = false;
        for (const auto& m : s.h.services.server->memberships(id)) has_gm |= m.role == "gm";
        EXPECT_TRUE(has_gm) << "campaign " << id << " has no GM " << at;
        EXPECT_NE(s.h.hub->find_room(id), nullptr) << "campaign " << id << " has no room " << at;
        const auto report = storage::verify_campaign(store, id);
        EXPECT_TRUE(report.ok()) << "campaign " << id << " does not verify " << at << ": "
                                 << (report.ok() ? "" : report.mismatches.front());
    }
}

class CrashPoints : public ::testing::TestWithParam<CrashCase> {
protected:
    static void SetUpTestSuite() { st::register_fault_vfs(); }

    void SetUp() override {
        HubHarness h(prepared);
        for (const auto& [name, pw] : kDemoAccounts) h.hub->create_account(name, pw);
        demo_campaign(*h.hub);
        auto& store = *h.services.server;
        const std::string now = h.services.now_iso();
        const auto gm_id = store.account_by_name("gm")->id;
        for (const auto& code : {kInviteA, kInviteB})
            store.add_invite({server::secret_hash(code), "raid", "observer", std::nullopt, now,
                              "2099-01-01T00:00:00.000Z", gm_id});
        store.add_password_reset({server::secret_hash(kResetCode), store.account_by_name("olaf")->id,
                                  "administrator", now, "2099-01-01T00:00:00.000Z"});
        for (const auto& [name, pw] : kDemoAccounts) {
            const auto p = h.peer(name);
            ASSERT_EQ(p->of_type("logged_in").size(), 1u) << name;
            tokens[name] = p->of_type("logged_in")[0]["token"].get<std::string>();
        }
        for (const auto& step : GetParam().prepare) {
            const Json reply = h.send(h.peer(step.who), step.message);
            ASSERT_EQ(reply["type"], step.done) << step.message.dump() << " -> " << reply.dump();
        }
    }

    // A copy of the prepared database in `dir`.
    void copy_to(const TempDir& dir) const {
        for (const char* suffix : {"", "-wal"})
            if (fs::exists(prepared.path / ("server.db" + std::string(suffix))))
                fs::copy_file(prepared.path / ("server.db" + std::string(suffix)),
                              dir.path / ("server.db" + std::string(suffix)));
    }

    // The command in a child, killed at write n (0: not killed).
    int run_child(const TempDir& dir, int n) {
        return run_killed_at(n, [&](const std::function<void()>& arm) {
            Server s(dir, through_fault_vfs(), tokens);
            arm();
            return s.send(GetParam().command)["type"] == GetParam().command.done;
        });
    }

    // A start on what the child left: the campaigns checked, then the rows.
    Dump restarted(const TempDir& dir, const std::string& at) {
        {
            Server s(dir, {}, {});
            expect_whole_campaigns(s, at);
        }
        return dump_of((dir.path / "server.db").string());
    }

    TempDir prepared;
    std::map<std::string, std::string> tokens;
};

TEST_P(CrashPoints, AKillAtAnyWriteLeavesAllOrNothing) {
    const auto& c = GetParam();
    const auto started = std::chrono::steady_clock::now();
    Dump before, after, again;
    {
        TempDir dir;
        copy_to(dir);
        before = restarted(dir, "with the command not run");
    }
    for (Dump* clean : {&after, &again}) {
        TempDir dir;
        copy_to(dir);
        ASSERT_EQ(run_child(dir, 0), 0) << c.name << " fails without a kill";
        *clean = restarted(dir, "after a clean run");
    }
    const Mask mask = random_columns(after, again);
    const auto none = masked(before, mask), all = masked(after, mask);
    ASSERT_NE(none, all) << c.name << " changes nothing the sweep can see";

    int points = 0, whole = 0, untouched = 0;
    for (int n = 1; n < 2000; n += c.stride) {
        TempDir dir;
        copy_to(dir);
        const int status = run_child(dir, n);
        if (status == 0) break;  // fewer than n writes: every point was tried
        ASSERT_EQ(status, st::kKilledStatus) << c.name << ": the child failed at write " << n;
        ++points;
        const auto got = masked(restarted(dir, "after a kill at write " + std::to_string(n)), mask);
        if (got == all)
            ++whole;
        else if (got == none)
            ++untouched;
        else
            ADD_FAILURE() << c.name << " torn by a kill at write " << n << ": differs from the "
                          << "command not run in" << differences(got, none)
                          << "; from the command done in" << differences(got, all);
    }
    EXPECT_GT(points, 0);
    const auto ms = std::chrono::duration_cast<std::chrono::milliseconds>(
                        std::chrono::steady_clock::now() - started).count();
    std::cout << c.name << ": " << points << " crash points (stride " << c.stride << "), "
              << untouched << " left nothing, " << whole << " all, in " << ms << " ms\n";
    RecordProperty("crash_points", points);
}

INSTANTIATE_TEST_SUITE_P(EveryKind, CrashPoints, ::testing::ValuesIn(crash_cases()),
                         [](const auto& info) { return info.param.name; });

// The demo's first start (scripts/run, the Docker image) killed at every write: the next start
// gives logins whose passwords work, the GM's and every player's seat taken, a campaign that
// verifies.
TEST(DemoFirstStart, AKillAtAnyWriteLeavesTheNextStartWhole) {
    st::register_fault_vfs();
    const std::string scenario = kSource + "/scenarios/valormr-demo.json";
    int points = 0;
    for (int n = 1; n < 2000; n += 2) {
        TempDir dir;
        const std::string logins_file = (dir.path / "server.db.demo-logins.json").string();
        { HubHarness h(dir); }  // the database made (--create-db), before the demo's first start
        const int status = run_killed_at(n, [&](const std::function<void()>& arm) {
            Server s(dir, through_fault_vfs(), {});
            arm();
            return !server::ensure_demo(*s.h.hub, scenario, logins_file).empty();
        });
        ASSERT_TRUE(status == 0 || status == st::kKilledStatus) << "at write " << n << ": " << status;
        Server s(dir, {}, {});
        std::vector<server::DemoLogin> logins;
        ASSERT_NO_THROW(logins = server::ensure_demo(*s.h.hub, scenario, logins_file))
            << "the start after a kill at write " << n;
        ASSERT_GT(logins.size(), 2u);  // the GM and the scenario's players
        EXPECT_EQ(logins.front().role, "gm");
        auto& store = *s.h.services.server;
        for (const auto& l : logins) {
            const auto account = store.account_by_name(l.account);
            ASSERT_TRUE(account) << l.account << " after a kill at write " << n;
            EXPECT_TRUE(server::verify_password(*account->password_hash, l.password))
                << "the printed password of " << l.account << " does not work after a kill at write " << n;
            const auto seat = store.membership(account->id, "valormr-demo");
            ASSERT_TRUE(seat) << l.account << " has no seat after a kill at write " << n;
            EXPECT_EQ(seat->role, l.role);
        }
        expect_whole_campaigns(s, "after a kill at write " + std::to_string(n));
        if (status == 0) break;
        ++points;
    }
    std::cout << "demo first start: " << points << " crash points (every second write)\n";
    EXPECT_GT(points, 3);
}

// A database an older start left with part of the demo (before it was one commit): repaired
// where that is safe, refused with what to do where it is not.
TEST(DemoFirstStart, PartsLeftByAnOlderStartAreRepairedOrRefusedClearly) {
    const std::string scenario = kSource + "/scenarios/valormr-demo.json";
    {  // accounts made, their passwords lost, no campaign: they take the new passwords
        TempDir dir;
        HubHarness h(dir);
        h.hub->create_account("gm", "lost password");
        h.hub->create_account("anna", "lost password");
        const auto logins = server::ensure_demo(*h.hub, scenario, (dir.path / "logins.json").string());
        for (const auto& l : logins)
            EXPECT_TRUE(server::verify_password(
                *h.services.server->account_by_name(l.account)->password_hash, l.password))
                << l.account;
    }
    {  // the campaign made, its seats not: given back
        TempDir dir;
        HubHarness h(dir);
        const std::string file = (dir.path / "logins.json").string();
        const auto logins = server::ensure_demo(*h.hub, scenario, file);
        auto& store = *h.services.server;
        for (const auto& l : logins)
            store.remove_membership(store.account_by_name(l.account)->id, "valormr-demo");
        server::ensure_demo(*h.hub, scenario, file);
        for (const auto& l : logins)
            EXPECT_TRUE(store.membership(store.account_by_name(l.account)->id, "valormr-demo"))
                << l.account;
    }
    {  // the campaign made, its logins file gone: refused, saying what to do
        TempDir dir;
        HubHarness h(dir);
        const std::string file = (dir.path / "logins.json").string();
        server::ensure_demo(*h.hub, scenario, file);
        fs::remove(file);
        try {
            server::ensure_demo(*h.hub, scenario, file);
            ADD_FAILURE() << "a demo whose passwords nobody knows started";
        } catch (const std::runtime_error& e) {
            EXPECT_NE(std::string(e.what()).find("logins file"), std::string::npos) << e.what();
        }
    }
}

}  // namespace
}  // namespace umpire::testing
