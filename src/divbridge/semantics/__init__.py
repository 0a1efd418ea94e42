"""The Div semantics of each profile (SONNX, ONNX Div-1..14, OpenVINO Divide-1)."""
