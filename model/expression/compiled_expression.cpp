#include "model/expression/compiled_expression.h"

#include <algorithm>
#include <cmath>

namespace wb::model {

double CompiledExpression::evaluate(const double* vars) const {
  // One number or one name (most card amounts: `2`, `fire`): the value the loop
  // below leaves on its stack, without the stack (the card-dice heuristic values
  // cards by their amounts millions of times a run).
  if (m_code.size() == 1) {
    const Instr& in = m_code.front();
    if (in.op == Op::Const) return m_consts[static_cast<std::size_t>(in.slot)];
    if (in.op == Op::Var) return vars[in.slot];
  }
  // Expressions are tiny; a fixed stack avoids any allocation. Deeper ones
  // (rare, hostile input) fall back to a heap stack.
  constexpr int kStack = 32;
  double small[kStack];
  std::vector<double> big;
  double* stack = small;
  if (m_maxDepth + 1 > kStack) {
    big.resize(static_cast<std::size_t>(m_maxDepth) + 1);
    stack = big.data();
  }
  int top = 0;
  for (const Instr& in : m_code) {
    switch (in.op) {
      case Op::Const: stack[top++] = m_consts[static_cast<std::size_t>(in.slot)]; break;
      case Op::Var: stack[top++] = vars[in.slot]; break;
      case Op::Neg: stack[top - 1] = -stack[top - 1]; break;
      case Op::Add: --top; stack[top - 1] += stack[top]; break;
      case Op::Sub: --top; stack[top - 1] -= stack[top]; break;
      case Op::Mul: --top; stack[top - 1] *= stack[top]; break;
      case Op::Div:
        --top;
        stack[top - 1] = stack[top] == 0 ? 0 : stack[top - 1] / stack[top];
        break;
      case Op::Min:
      case Op::Max: {
        int n = in.arity;
        double v = stack[top - n];
        for (int i = top - n + 1; i < top; ++i) v = in.op == Op::Min ? std::min(v, stack[i]) : std::max(v, stack[i]);
        top -= n;
        stack[top++] = v;
        break;
      }
      case Op::Ceil: stack[top - 1] = std::ceil(stack[top - 1]); break;
      case Op::Floor: stack[top - 1] = std::floor(stack[top - 1]); break;
      case Op::Round: stack[top - 1] = std::round(stack[top - 1]); break;
      case Op::Abs: stack[top - 1] = std::fabs(stack[top - 1]); break;
    }
  }
  return top > 0 ? stack[top - 1] : 0;
}

bool CompiledExpression::isConstant() const {
  return std::none_of(m_code.begin(), m_code.end(), [](const Instr& i) { return i.op == Op::Var; });
}

bool CompiledExpression::readsSlotIn(int first, int last) const {
  return std::any_of(m_code.begin(), m_code.end(),
                     [&](const Instr& i) { return i.op == Op::Var && i.slot >= first && i.slot < last; });
}

}  // namespace wb::model
