"""What an operator's profiles are (types, shapes, preconditions, kernels), with their requirements and worked
examples: the descriptions that have profiles list them (`operators.model.Operator.profiles`)."""
