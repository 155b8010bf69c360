#!/usr/bin/env bash
# `npm run lesson-model:export -- [--type q8_0|f16]`: the last checkpoint's weights, then the GGUF the app serves.
set -euo pipefail
cd "$(dirname "$0")/../.."
weights="${HOME}/.cache/tool-loop-playground/lesson-model/export"
/usr/bin/python3 training/lesson-model/train.py --export "$weights"
npx tsx training/lesson-model/export.ts --weights "$weights" "$@"
