// `umpire campaign …`, `umpire verify`, `umpire export`, `umpire import`: campaigns kept in a
// SQLite file or a PostgreSQL database (docs/storage.md). Every command opens the database, does
// one job and exits; each write is one transaction, so an interrupted command changes nothing or
// everything.
#include <filesystem>
#include <iostream>
#include <memory>
#include <set>

#include "cli/storage_cli.hpp"
#include "documents/json_file.hpp"
#include "documents/orders_json.hpp"
#include "documents/scenario_io.hpp"
#include "storage/archive.hpp"
#include "storage/campaign_service.hpp"
#include "storage/private_files.hpp"
#include "storage/replay.hpp"
#include "storage/sqlite_store.hpp"
#include "umpire/rules/calendar.hpp"

namespace umpire::cli {

namespace {

using rules::Json;
using storage::Campaign;
using storage::StorageError;

Json receipt_json(const Campaign& campaign, const storage::Receipt& r) {
    return {{"type", "receipt"},       {"campaign", campaign.id()},
            {"period_index", r.period_index}, {"player", r.player},
            {"state", r.state},         {"orders", r.orders},
            {"receipt", r.hash},        {"server_time", r.server_time}};
}

// The orders of the campaign's current period from an umpire-orders/1 file.
std::vector<rules::ForceOrder> read_orders_for(const Campaign& campaign, const std::string& file,
                                               const std::string& player) {
    rules::Problems problems;
    auto document = rules::read_json_file(file, problems);
    std::optional<std::vector<rules::PeriodOrders>> periods;
    if (document) periods = rules::read_orders(*document, problems);
    if (!periods)
        throw StorageError(storage::ErrorKind::invalid_input,
                           file + ": " + std::to_string(problems.size()) + " problem(s)\n" +
                               problems.to_text());
    const auto& now = campaign.state().calendar;
    for (const auto& p : *periods) {
        if (p.day != now.day || p.period != now.period) continue;
        // A file may hold every player's orders (as `umpire resolve` takes them): keep ours.
        std::vector<rules::ForceOrder> mine;
        for (const auto& order : p.orders)
            if (order.player == player) mine.push_back(order);
        if (mine.size() != p.orders.size())
            std::cerr << file << ": " << p.orders.size() - mine.size()
                      << " order(s) of other players ignored\n";
        return mine;
    }
    throw StorageError(storage::ErrorKind::invalid_input,
                       file + ": no orders for day " + std::to_string(now.day) + " (" +
                           rules::to_string(now.period) + "), the period campaign \"" +
                           campaign.id() + "\" is in");
}

Json status_json(storage::CampaignStore& store, Campaign& campaign) {
    const auto& state = campaign.state();
    int live = 0, rolled_back = 0;
    for (const auto& p : store.periods(campaign.id())) (p.rolled_back_by ? rolled_back : live)++;
    Json orders = Json::array();
    const auto current = campaign.current_orders();
    for (const auto& player : state.players) {
        Json entry{{"player", player.id}, {"state", "none"}};
        for (const auto& o : current)
            if (o.player == player.id)
                entry = {{"player", o.player},
                         {"state", o.state},
                         {"orders", Json::parse(o.orders).size()},
                         {"receipt", o.receipt},
                         {"updated_at", o.updated_at}};
        orders.push_back(entry);
    }
    Json actions = Json::array();
    for (const auto& g : store.gm_actions(campaign.id()))
        actions.push_back({{"no", g.no}, {"kind", g.kind}, {"reason", g.reason}, {"at", g.at},
                           {"details", Json::parse(g.details)}});
    const auto& r = campaign.record();
    return {{"campaign", r.id},
            {"name", r.name},
            {"status", r.status},
            {"ruleset", campaign.ruleset().identity()},
            {"time_zone", r.time_zone},
            {"created_at", r.created_at},
            {"period",
             {{"index", campaign.period_index()},
              {"day", state.calendar.day},
              {"period", rules::to_string(state.calendar.period)},
              {"date", rules::date_of_day(state.calendar.start_date, state.calendar.day)},
              {"seed_hash", campaign.seed_hash()}}},
            {"resolved_periods", live},
            {"rolled_back_periods", rolled_back},
            {"orders", orders},
            {"pending_decisions", campaign.pending_decisions().size()},
            {"gm_actions", actions}};
}

void add_campaign_commands(CLI::App& app) {
    CLI::App* group = app.add_subcommand("campaign", "Run a campaign kept in a database");
    group->require_subcommand(1);

    struct Create {
        std::string db, scenario, id, time_zone = "UTC";
        std::vector<std::string> ruleset_dirs;
    };
    auto create = std::make_shared<Create>();
    CLI::App* cmd = group->add_subcommand("create", "Start a campaign from a scenario");
    cmd->add_option("DB", create->db, "database file (created if missing) or postgresql:// URL")
        ->required();
    cmd->add_option("--scenario", create->scenario, "scenario file")->required();
    cmd->add_option("--id", create->id, "campaign id (default: the scenario's id)");
    cmd->add_option("--time-zone", create->time_zone, "IANA time zone of deadlines (default UTC)");
    cmd->add_option("--rulesets", create->ruleset_dirs, "directory holding ruleset files");
    cmd->callback([create] {
        guarded([&] {
            // Check the scenario before touching the database file.
            rules::Problems problems;
            auto loaded = rules::load_scenario_file(
                create->scenario, ruleset_search_dirs(create->ruleset_dirs), problems);
            if (!loaded)
                throw StorageError(storage::ErrorKind::invalid_input,
                                   create->scenario + ": " + std::to_string(problems.size()) +
                                       " problem(s)\n" + problems.to_text());
            auto store = open_store(create->db, Access::create);
            storage::CreateOptions options;
            options.id = create->id;
            options.time_zone = create->time_zone;
            auto campaign = Campaign::create(*store, std::move(loaded->state),
                                             std::move(loaded->ruleset), options);
            std::cout << "created campaign " << campaign.id() << ": "
                      << campaign.state().forces.size() << " forces, ruleset "
                      << campaign.ruleset().identity() << "; period 0 (day "
                      << campaign.state().calendar.day << ", "
                      << rules::to_string(campaign.state().calendar.period)
                      << ") seed sha256 " << campaign.seed_hash() << "\n";
        });
    });

    struct Orders {
        std::string db, campaign, player, file;
        bool confirm = false, draft = false;
    };
    auto orders = std::make_shared<Orders>();
    cmd = group->add_subcommand("orders", "Submit a player's orders for the current period");
    cmd->add_option("DB", orders->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", orders->campaign, "campaign id")->required();
    cmd->add_option("--player", orders->player, "the player giving the orders")->required();
    cmd->add_option("--orders", orders->file, "orders file (umpire-orders/1)")->required();
    auto* confirm = cmd->add_flag("--confirm", orders->confirm, "confirm: no further changes");
    cmd->add_flag("--draft", orders->draft, "keep as a draft, not used at resolution")
        ->excludes(confirm);
    cmd->callback([orders] {
        guarded([&] {
            auto store = open_store(orders->db, Access::write);
            auto campaign = Campaign::open(*store, orders->campaign);
            const auto list = read_orders_for(campaign, orders->file, orders->player);
            const auto state = orders->draft ? storage::SubmissionState::draft
                                             : storage::SubmissionState::submitted;
            auto receipt = campaign.submit_orders(orders->player, list, state);
            if (orders->confirm) receipt = campaign.confirm_orders(orders->player);
            std::cout << receipt_json(campaign, receipt).dump() << "\n";
        });
    });

    struct Resolve {
        std::string db, campaign;
        int periods = 1;
        bool settle = false;
    };
    auto resolve = std::make_shared<Resolve>();
    cmd = group->add_subcommand("resolve", "Resolve and commit the current period");
    cmd->add_option("DB", resolve->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", resolve->campaign, "campaign id")->required();
    cmd->add_option("--periods", resolve->periods, "periods to resolve (default 1)")
        ->check(CLI::Range(1, 10000));
    cmd->add_flag("--settle", resolve->settle,
                  "missing answers take standing instructions or defaults (deadline passed)");
    cmd->callback([resolve] {
        guarded([&] {
            auto store = open_store(resolve->db, Access::write);
            auto campaign = Campaign::open(*store, resolve->campaign);
            for (int i = 0; i < resolve->periods; ++i) {
                const auto period = campaign.resolve_period(resolve->settle);
                if (!period.complete) {
                    // Not an error: the period goes on once the answers are in.
                    std::set<std::string> players;
                    for (const auto& d : period.pending) {
                        std::cout << decision_request_json(d).dump() << "\n";
                        players.insert(d.player);
                    }
                    std::string names;
                    for (const auto& p : players) names += (names.empty() ? "" : ", ") + p;
                    std::cerr << "umpire: period " << period.index << " of " << campaign.id()
                              << " waits for " << period.pending.size()
                              << " answer(s) from " << names
                              << " (umpire campaign answer); resolve again when they are in, "
                                 "or with --settle to take standing instructions and defaults\n";
                    break;
                }
                for (const auto& event : period.events) std::cout << event.text() << "\n";
                std::cout << Json{{"type", "seed_revealed"},
                                  {"period_index", period.index},
                                  {"seed_hash", period.seed_hash},
                                  {"seed", period.seed},
                                  {"draws", period.draws}}
                                 .dump()
                          << "\n"
                          << Json{{"type", "period_opened"},
                                  {"period_index", campaign.period_index()},
                                  {"seed_hash", campaign.seed_hash()}}
                                 .dump()
                          << "\n";
            }
        });
    });

    struct Rollback {
        std::string db, campaign, reason;
        int to = 0;
    };
    auto rollback = std::make_shared<Rollback>();
    cmd = group->add_subcommand("rollback", "GM: roll back to the start of an earlier period");
    cmd->add_option("DB", rollback->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", rollback->campaign, "campaign id")->required();
    cmd->add_option("--to-period", rollback->to, "the period index to restart at")->required();
    cmd->add_option("--reason", rollback->reason, "why (recorded)")->required();
    cmd->callback([rollback] {
        guarded([&] {
            auto store = open_store(rollback->db, Access::write);
            auto campaign = Campaign::open(*store, rollback->campaign);
            const int from = campaign.period_index();
            const int no = campaign.roll_back(rollback->to, rollback->reason);
            std::cout << "rolled " << campaign.id() << " back from period " << from
                      << " to period " << rollback->to << " (GM action " << no
                      << "); new seed sha256 " << campaign.seed_hash() << "\n";
        });
    });

    add_decision_commands(*group);

    auto status = std::make_shared<std::pair<std::string, std::string>>();
    cmd = group->add_subcommand("status", "Show a campaign's current period, orders and history");
    cmd->add_option("DB", status->first, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", status->second, "campaign id")->required();
    cmd->callback([status] {
        guarded([&] {
            auto store = open_store(status->first, Access::read);
            auto campaign = Campaign::open(*store, status->second);
            std::cout << status_json(*store, campaign).dump(2) << "\n";
        });
    });
}

void add_verify_command(CLI::App& app) {
    auto args = std::make_shared<std::pair<std::string, std::string>>();
    CLI::App* cmd = app.add_subcommand("verify", "Replay every committed period of a campaign");
    cmd->add_option("DB", args->first, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", args->second, "campaign id")->required();
    cmd->callback([args] {
        guarded([&] {
            auto store = open_store(args->first, Access::read);
            const auto report = storage::verify_campaign(*store, args->second);
            for (const auto& mismatch : report.mismatches) std::cout << mismatch << "\n";
            std::cout << args->second << ": " << report.periods_checked << " period(s) replayed, "
                      << (report.ok() ? std::string("all reproduce")
                                      : std::to_string(report.mismatches.size()) +
                                            " mismatch(es)")
                      << "\n";
            if (!report.ok()) throw CLI::RuntimeError(kExitMismatch);
        });
    });
}

void add_archive_commands(CLI::App& app) {
    struct Export {
        std::string db, campaign, out;
    };
    auto ex = std::make_shared<Export>();
    CLI::App* cmd = app.add_subcommand("export", "Write a campaign to one JSON archive");
    cmd->add_option("DB", ex->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", ex->campaign, "campaign id")->required();
    cmd->add_option("--out", ex->out, "archive file to write")->required();
    cmd->callback([ex] {
        guarded([&] {
            auto store = open_store(ex->db, Access::read);
            const auto archive = store->read_archive(ex->campaign);
            // Mode 0600 whatever the umask (it holds the open period's sealed seed), written
            // whole under a temporary name, then renamed: a failed export leaves no half file.
            storage::write_private_file(ex->out, storage::archive_text(archive));
            std::cout << "exported " << ex->campaign << " to " << ex->out << ": "
                      << archive.periods.size() << " period(s)\n";
        });
    });

    struct Delete {
        std::string db, campaign, archive;
    };
    auto del = std::make_shared<Delete>();
    cmd = app.add_subcommand(
        "delete",
        "Remove a campaign from a database, after writing its archive (umpire import "
        "brings it back)");
    cmd->add_option("DB", del->db, "database file or postgresql:// URL")
        ->required();
    cmd->add_option("CAMPAIGN", del->campaign, "campaign id")->required();
    cmd->add_option("--archive", del->archive, "where its archive goes first (must not exist)")
        ->required();
    cmd->callback([del] {
        guarded([&] {
            if (std::filesystem::exists(del->archive))
                throw StorageError(storage::ErrorKind::conflict,
                                   del->archive + " exists; nothing was deleted");
            auto store = open_store(del->db, Access::write);
            const auto archive = store->read_archive(del->campaign);
            // The archive is on disk (synced, 0600) before a row goes: a deletion can be undone.
            storage::write_private_file(del->archive, storage::archive_text(archive));
            store->delete_campaign(del->campaign);
            std::cout << "deleted " << del->campaign << " from " << del->db << " ("
                      << archive.periods.size() << " period(s), " << archive.members.size()
                      << " member(s)); its archive is " << del->archive << "\n";
        });
    });

    struct Import {
        std::string db, file;
        storage::ImportOptions options;
    };
    auto im = std::make_shared<Import>();
    cmd = app.add_subcommand("import", "Add a campaign from a JSON archive, after checking it");
    cmd->add_option("DB", im->db, "database file (created if missing) or postgresql:// URL")
        ->required();
    cmd->add_option("FILE", im->file, "archive file (umpire-archive/1)")->required();
    cmd->add_option("--gm", im->options.gm,
                    "an account of this database to be the campaign's GM (needed when none of "
                    "the archive's GMs has an account here)");
    cmd->callback([im] {
        guarded([&] {
            rules::Problems problems;
            auto document = rules::read_json_file(im->file, problems);
            if (!document)
                throw StorageError(storage::ErrorKind::invalid_input,
                                   im->file + ": " + problems.to_text());
            auto store = open_store(im->db, Access::create);
            try {
                const auto result = storage::import_campaign(*store, *document, im->options);
                std::cout << "imported " << result.id << " into " << im->db << "\n";
                for (const auto& m : result.seated)
                    std::cout << "  " << m.account << ": " << m.role
                              << (m.player ? " " + *m.player : "") << "\n";
                for (const auto& m : result.skipped)
                    std::cout << "  skipped " << m.account << " (" << m.role
                              << (m.player ? " " + *m.player : "")
                              << "): no such account here; the GM can invite or assign anew\n";
            } catch (const StorageError& e) {
                throw StorageError(e.kind(), im->file + ": " + e.what(), e.sqlite_code());
            }
        });
    });
}

}  // namespace

void add_storage_commands(CLI::App& app) {
    add_campaign_commands(app);
    add_verify_command(app);
    add_archive_commands(app);
}

}  // namespace umpire::cli
