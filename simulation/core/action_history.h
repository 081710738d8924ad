// ActionHistory: the actions a game has seen, shared between a state and its
// clones. Agents clone states thousands of times per move (look-ahead, MCTS);
// copying a plain vector made each clone O(game length) — 128 KB per copy
// after 800 card-dice turns. Here the history is a chain of fixed-size chunks:
// a clone shares every chunk (O(1)), and appending to a chunk that another
// state still shares copies only that chunk (copy-on-write).
//
// Thread-safety: a state is used by one thread at a time; clones may live on
// other threads. Shared chunks are never written (use_count() > 1 forces a copy).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <vector>

namespace wb::sim {

using Action = std::int64_t;

class ActionHistory {
 public:
  void push(Action a) {
    if (m_forgotten) {
      ++m_size;
      return;
    }
    if (!m_tail || m_tail->size == kChunk) {
      auto fresh = std::make_shared<Chunk>();
      fresh->prev = std::move(m_tail);
      m_tail = std::move(fresh);
    } else if (m_tail.use_count() > 1) {
      m_tail = std::make_shared<Chunk>(*m_tail);  // copy-on-write of the last chunk only
    }
    m_tail->actions[m_tail->size++] = a;
    ++m_size;
  }

  // Drops the recorded actions; size() keeps counting, toVector() is empty from
  // now on. For agents' private copies (search never reads the history).
  void forget() {
    m_tail.reset();
    m_forgotten = true;
  }
  bool forgotten() const { return m_forgotten; }

  std::size_t size() const { return m_size; }
  bool empty() const { return m_size == 0; }

  // The actions in order (allocates: for tests, replays and tools, not hot loops).
  std::vector<Action> toVector() const {
    if (m_forgotten) return {};
    std::vector<Action> out(m_size);
    std::size_t end = m_size;
    for (const Chunk* c = m_tail.get(); c; c = c->prev.get()) {
      end -= c->size;
      std::copy(c->actions.begin(), c->actions.begin() + c->size, out.begin() + static_cast<std::ptrdiff_t>(end));
    }
    return out;
  }

  friend bool operator==(const ActionHistory& a, const ActionHistory& b) {
    return a.m_size == b.m_size && a.m_forgotten == b.m_forgotten && a.toVector() == b.toVector();
  }

 private:
  static constexpr int kChunk = 64;
  struct Chunk {
    std::shared_ptr<const Chunk> prev;
    std::array<Action, kChunk> actions{};
    int size = 0;
  };
  std::shared_ptr<Chunk> m_tail;
  std::size_t m_size = 0;
  bool m_forgotten = false;
};

}  // namespace wb::sim
