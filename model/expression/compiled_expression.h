// A compiled amount expression: a flat postfix program over variable slots.
// Evaluation allocates nothing and is safe to call from many threads at once.
#pragma once

#include <cstdint>
#include <vector>

namespace wb::model {

class CompiledExpression {
 public:
  enum class Op : std::uint8_t { Const, Var, Neg, Add, Sub, Mul, Div, Min, Max, Ceil, Floor, Round, Abs };
  struct Instr {
    Op op;
    std::int32_t arity;  // for Min/Max: number of operands popped (any number: `max` of 1000 values)
    std::int32_t slot;   // Var: variable slot; Const: index into constants
  };

  // vars[slot] is the value of each bound name. Division by zero yields 0.
  double evaluate(const double* vars) const;
  bool isConstant() const;
  // Instructions in the program (the cost of one evaluation).
  std::size_t size() const { return m_code.size(); }
  // True if the program reads a variable slot in [first, last).
  bool readsSlotIn(int first, int last) const;

  // Used by Expression::compile.
  void push(Instr i) { m_code.push_back(i); }
  int addConstant(double v) { m_consts.push_back(v); return static_cast<int>(m_consts.size() - 1); }
  void setMaxDepth(int d) { m_maxDepth = d; }

 private:
  std::vector<Instr> m_code;
  std::vector<double> m_consts;
  int m_maxDepth = 0;
};

}  // namespace wb::model
