#!/bin/sh
# The how-to videos' posters: each video's first frame (its first ready screen), as a WebP next to
# it (adapters/howtovideos/media/<lang>/<video>.webp), which the server serves with the video and
# the players show before play. Taken from the committed MP4s, so it runs without recording anew:
# make howto-posters (make howto-videos runs it after recording). WebP at quality 70 keeps a
# 390x844 screen at 10-20 kB; the system's ffmpeg (with libwebp) is all it needs.
set -eu
media="$(dirname "$0")/../../adapters/howtovideos/media"
for video in "$media"/*/*.mp4; do
	ffmpeg -y -loglevel error -i "$video" -frames:v 1 -c:v libwebp -quality 70 -map_metadata -1 "${video%.mp4}.webp"
done
