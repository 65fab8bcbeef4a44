#pragma once
// Google Benchmark's console report, keeping each run's real time by name, for the ratios a
// benchmark prints after it against a baseline measured in the same run (DESIGN: benchmarks
// report ratios, not absolute goals).
#include <benchmark/benchmark.h>

#include <map>
#include <optional>
#include <string>
#include <vector>

class TimesReporter : public benchmark::ConsoleReporter {
public:
    void ReportRuns(const std::vector<Run>& runs) override {
        ConsoleReporter::ReportRuns(runs);
        for (const auto& run : runs) times_[run.benchmark_name()] = run.GetAdjustedRealTime();
    }

protected:
    std::optional<double> time_of(const std::string& name) const {
        const auto it = times_.find(name);
        return it == times_.end() ? std::nullopt : std::optional(it->second);
    }
    std::map<std::string, double> times_;
};
