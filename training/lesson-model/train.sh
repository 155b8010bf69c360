#!/usr/bin/env bash
# `npm run lesson-model:train -- [--resume] [train.py options]`: installs Debian's PyTorch (CPU) with apt when it is
# missing, then trains, niced (10) so the machine stays usable. Checkpoints and the learning curve go to
# ~/.cache/tool-loop-playground/lesson-model/run (outside the repository).
set -euo pipefail
cd "$(dirname "$0")/../.."
if ! /usr/bin/python3 -c 'import torch' >/dev/null 2>&1; then
  echo "Installing Debian's python3-torch (CPU) for training…"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-torch python3-numpy >/dev/null
fi
exec nice -n 10 /usr/bin/python3 training/lesson-model/train.py "$@"
