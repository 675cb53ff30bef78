#!/usr/bin/env bash
# Makes the end-to-end test's videos in DIR: slides.mp4 (three 1280x720 slides of 4 s at 30 fps, H.264
# yuv420p with +faststart so that Chromium plays it; the middle slide has a URL and a QR code),
# slides.avi (the same in MPEG-4 Part 2, which Chromium cannot play), protected.mp4 (CENC-encrypted),
# rotated.mp4 (coded sideways, 720x1280, with a display matrix that turns it upright, as phones record) and
# anamorphic.mp4 (coded 960x720 with 4:3 pixels, shown 1280x720); the last two hold the first two slides;
# minerals.mp4 (two slides of 4 s, both naming granite as slides.mp4's third does: the library's search).
set -euo pipefail

dir=${1:?usage: make-videos.sh DIR}
font=/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf
bold=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf
[[ -f $bold ]] || bold=$font
cd "$dir"

# One text file per line of text, so that nothing in the text needs filtergraph escaping.
printf '%s' 'Photosynthesis Basics' >a1.txt
printf '%s' 'Chlorophyll absorbs sunlight' >a2.txt
printf '%s' 'Leaves store glucose' >a3.txt
printf '%s' 'Reading List' >b1.txt
printf '%s' 'Notes: https://example.org/notes' >b2.txt
printf '%s' 'Scan the code for answers' >b3.txt
printf '%s' 'Volcano Geology' >c1.txt
printf '%s' 'Magma rises through granite' >c2.txt
printf '%s' 'Basalt cools into columns' >c3.txt
printf '%s' 'Minerals Primer' >d1.txt
printf '%s' 'Granite holds quartz' >d2.txt
printf '%s' 'Feldspar weathers slowly' >d3.txt
printf '%s' 'Field Trip' >e1.txt
printf '%s' 'Visit the granite quarry' >e2.txt
printf '%s' 'Bring a hammer' >e3.txt
qrencode -s 8 -m 2 -o qr.png 'https://framelens.test/qr'

slide() {  # INPUT LABEL PREFIX: a title and two lines on the slide
    local title="drawtext=fontfile=$bold:textfile=${3}1.txt:fontsize=64:fontcolor=black:x=80:y=90"
    local one="drawtext=fontfile=$font:textfile=${3}2.txt:fontsize=44:fontcolor=black:x=80:y=280"
    local two="drawtext=fontfile=$font:textfile=${3}3.txt:fontsize=44:fontcolor=black:x=80:y=400"
    printf '[%s]%s,%s,%s[%s]' "$1" "$title" "$one" "$two" "$2"
}

white="color=c=white:s=1280x720:r=30:d=4"
concat="[a][b][c]concat=n=3:v=1:a=0,format=yuv420p[v]"
ffmpeg -nostdin -hide_banner -loglevel error -y \
    -f lavfi -i "$white" -f lavfi -i "$white" -f lavfi -i "$white" -i qr.png \
    -filter_complex "$(slide 0:v a a);$(slide 1:v b0 b);[b0][3:v]overlay=x=W-w-80:y=H-h-60[b];$(slide 2:v c c);$concat" \
    -map '[v]' -c:v libx264 -preset veryfast -crf 20 -g 60 -sc_threshold 0 -pix_fmt yuv420p \
    -movflags +faststart slides.mp4

ffmpeg -nostdin -hide_banner -loglevel error -y -i slides.mp4 -c:v mpeg4 -q:v 2 slides.avi

ffmpeg -nostdin -hide_banner -loglevel error -y -i slides.mp4 -t 2 -c copy \
    -encryption_scheme cenc-aes-ctr -encryption_key 00112233445566778899aabbccddeeff \
    -encryption_kid 0123456789abcdef0123456789abcdef protected.mp4

ffmpeg -nostdin -hide_banner -loglevel error -y -i slides.mp4 -t 8 -vf transpose=1 \
    -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p sideways.mp4
ffmpeg -nostdin -hide_banner -loglevel error -y -i sideways.mp4 -c copy -metadata:s:v:0 rotate=90 \
    -movflags +faststart rotated.mp4
ffmpeg -nostdin -hide_banner -loglevel error -y -i slides.mp4 -t 8 -vf scale=960:720,setsar=4/3 \
    -c:v libx264 -preset veryfast -crf 20 -g 60 -pix_fmt yuv420p -movflags +faststart anamorphic.mp4

ffmpeg -nostdin -hide_banner -loglevel error -y -f lavfi -i "$white" -f lavfi -i "$white" \
    -filter_complex "$(slide 0:v d d);$(slide 1:v e e);[d][e]concat=n=2:v=1:a=0,format=yuv420p[v]" \
    -map '[v]' -c:v libx264 -preset veryfast -crf 20 -g 60 -sc_threshold 0 -pix_fmt yuv420p \
    -movflags +faststart minerals.mp4
