#pragma once
// Open TCP connections per address (docs/security.md, "Connections"): every connection, plain
// HTTP or WebSocket, holds a slot from accept to close, so one address cannot take all the
// file descriptors. Trusted proxies are not counted here (their clients are counted by their
// own address at the WebSocket upgrade). I/O thread only.
#include <memory>
#include <string>
#include <unordered_map>

namespace umpire::server {

class ConnectionGate {
public:
    explicit ConnectionGate(int per_address) : per_address_(per_address) {}

    // A slot for one connection from `address`, given back when the last copy is destroyed;
    // null when the address has its fill. The gate must outlive its slots.
    std::shared_ptr<void> admit(const std::string& address) {
        int& open = open_[address];
        if (open >= per_address_) {
            if (open == 0) open_.erase(address);
            return nullptr;
        }
        ++open;
        // Points at the gate (never null, never deleted): the deleter only gives the slot back.
        return std::shared_ptr<void>(static_cast<void*>(this), [this, address](void*) { release(address); });
    }
    // A slot that counts nothing (a trusted proxy's connection).
    static std::shared_ptr<void> unlimited() { return std::make_shared<int>(0); }

    int open(const std::string& address) const {
        const auto it = open_.find(address);
        return it == open_.end() ? 0 : it->second;
    }

private:
    void release(const std::string& address) {
        if (auto it = open_.find(address); it != open_.end() && --it->second <= 0) open_.erase(it);
    }
    int per_address_;
    std::unordered_map<std::string, int> open_;
};

}  // namespace umpire::server
