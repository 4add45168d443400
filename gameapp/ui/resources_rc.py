# Resource object code (Python 3)
# Created by: object code
# Created by: The Resource Compiler for Qt version 6.11.3
# WARNING! All changes made in this file will be lost!

from PySide6 import QtCore

qt_resource_data = b"\
\x00\x00\x01`\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <circle cx=\
\x2210\x22 cy=\x2210\x22 r=\x22\
6.5\x22 fill=\x22#eef3\
fb\x22 stroke=\x22#1b2\
f5e\x22 stroke-widt\
h=\x222\x22/>\x0a  <path \
d=\x22M15 15 L21 21\
\x22 stroke=\x22#1b2f5\
e\x22 stroke-width=\
\x223\x22 stroke-linec\
ap=\x22round\x22/>\x0a  <\
path d=\x22M7 10 H1\
3 M10 7 V13\x22 str\
oke=\x22#1b2f5e\x22 st\
roke-width=\x222\x22 s\
troke-linecap=\x22r\
ound\x22/>\x0a</svg>\x0a\
\x00\x00\x01\xc5\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <path d=\x22M2\
.5 6 V19.5 H18.5\
 L21.5 10 H7 L4.\
5 17\x22 fill=\x22none\
\x22 stroke=\x22#5b3a1\
a\x22 stroke-width=\
\x221.8\x22 stroke-lin\
ejoin=\x22round\x22/>\x0a\
  <path d=\x22M2.5 \
6 V4.5 H8.5 L10 \
6 H17 V10\x22 fill=\
\x22#f3dfa2\x22 stroke\
=\x22#5b3a1a\x22 strok\
e-width=\x221.8\x22 st\
roke-linejoin=\x22r\
ound\x22/>\x0a  <path \
d=\x22M7 10 H21.5 L\
18.5 19.5 H4 Z\x22 \
fill=\x22#f3dfa2\x22 s\
troke=\x22#5b3a1a\x22 \
stroke-width=\x221.\
8\x22 stroke-linejo\
in=\x22round\x22/>\x0a</s\
vg>\x0a\
\x00\x00\x01q\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <path d=\x22M1\
2 5.5 L17.6 8.75\
 V15.25 L12 18.5\
 L6.4 15.25 V8.7\
5 Z\x22 fill=\x22#dfe8\
bd\x22 stroke=\x22#5b3\
a1a\x22 stroke-widt\
h=\x221.5\x22/>\x0a  <pat\
h d=\x22M3 8 V3 H8 \
M16 3 H21 V8 M21\
 16 V21 H16 M8 2\
1 H3 V16\x22 fill=\x22\
none\x22 stroke=\x22#1\
b2f5e\x22 stroke-wi\
dth=\x222\x22 stroke-l\
inecap=\x22round\x22 s\
troke-linejoin=\x22\
round\x22/>\x0a</svg>\x0a\
\
\x00\x00\x02Y\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2264\
\x22 height=\x2264\x22 vi\
ewBox=\x220 0 64 64\
\x22>\x0a  <path d=\x22M3\
2 3 L57 17.5 V46\
.5 L32 61 L7 46.\
5 V17.5 Z\x22 fill=\
\x22#dfe8bd\x22 stroke\
=\x22#5b3a1a\x22 strok\
e-width=\x223\x22 stro\
ke-linejoin=\x22rou\
nd\x22/>\x0a  <rect x=\
\x2214\x22 y=\x2220\x22 widt\
h=\x2236\x22 height=\x222\
6\x22 fill=\x22#3f63a8\
\x22 stroke=\x22#14254\
a\x22 stroke-width=\
\x222\x22/>\x0a  <rect x=\
\x2214\x22 y=\x2220\x22 widt\
h=\x2236\x22 height=\x225\
\x22 fill=\x22#1b2f5e\x22\
/>\x0a  <rect x=\x2222\
\x22 y=\x2228\x22 width=\x22\
20\x22 height=\x2213\x22 \
fill=\x22#dfe8f7\x22 s\
troke=\x22#000\x22 str\
oke-width=\x221.6\x22/\
>\x0a  <path d=\x22M22\
 28 L42 41 M22 4\
1 L42 28\x22 stroke\
=\x22#000\x22 stroke-w\
idth=\x221.6\x22/>\x0a  <\
path d=\x22M27 20 L\
32 13 L37 20 Z\x22 \
fill=\x22#1b2f5e\x22/>\
\x0a</svg>\x0a\
\x00\x00\x01\x03\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <path d=\x22M1\
7.5 9 A7 7 0 1 0\
 18 16\x22 fill=\x22no\
ne\x22 stroke=\x22#1b2\
f5e\x22 stroke-widt\
h=\x222.2\x22 stroke-l\
inecap=\x22round\x22/>\
\x0a  <path d=\x22M21.\
5 5 L17 10.5 L13\
.5 4.5 Z\x22 fill=\x22\
#1b2f5e\x22/>\x0a</svg\
>\x0a\
\x00\x00\x00\xff\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <path d=\x22M6\
.5 9 A7 7 0 1 1 \
6 16\x22 fill=\x22none\
\x22 stroke=\x22#1b2f5\
e\x22 stroke-width=\
\x222.2\x22 stroke-lin\
ecap=\x22round\x22/>\x0a \
 <path d=\x22M2.5 5\
 L7 10.5 L10.5 4\
.5 Z\x22 fill=\x22#1b2\
f5e\x22/>\x0a</svg>\x0a\
\x00\x00\x010\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <rect x=\x223.\
5\x22 y=\x224\x22 width=\x22\
17\x22 height=\x2216\x22 \
rx=\x221.5\x22 fill=\x22#\
eef3fb\x22 stroke=\x22\
#1b2f5e\x22 stroke-\
width=\x221.8\x22/>\x0a  \
<path d=\x22M7 8.5 \
H17 M7 12 H17 M7\
 15.5 H13\x22 strok\
e=\x22#1b2f5e\x22 stro\
ke-width=\x221.8\x22 s\
troke-linecap=\x22r\
ound\x22/>\x0a</svg>\x0a\
\x00\x00\x01V\
<\
svg xmlns=\x22http:\
//www.w3.org/200\
0/svg\x22 width=\x2224\
\x22 height=\x2224\x22 vi\
ewBox=\x220 0 24 24\
\x22>\x0a  <circle cx=\
\x2210\x22 cy=\x2210\x22 r=\x22\
6.5\x22 fill=\x22#eef3\
fb\x22 stroke=\x22#1b2\
f5e\x22 stroke-widt\
h=\x222\x22/>\x0a  <path \
d=\x22M15 15 L21 21\
\x22 stroke=\x22#1b2f5\
e\x22 stroke-width=\
\x223\x22 stroke-linec\
ap=\x22round\x22/>\x0a  <\
path d=\x22M7 10 H1\
3\x22 stroke=\x22#1b2f\
5e\x22 stroke-width\
=\x222\x22 stroke-line\
cap=\x22round\x22/>\x0a</\
svg>\x0a\
"

qt_resource_name = b"\
\x00\x05\
\x00o\xa6S\
\x00i\
\x00c\x00o\x00n\x00s\
\x00\x0b\
\x03\x03\x96\xc7\
\x00z\
\x00o\x00o\x00m\x00-\x00i\x00n\x00.\x00s\x00v\x00g\
\x00\x08\
\x06\xc1T\x07\
\x00o\
\x00p\x00e\x00n\x00.\x00s\x00v\x00g\
\x00\x07\
\x0d\x07Z\x07\
\x00f\
\x00i\x00t\x00.\x00s\x00v\x00g\
\x00\x07\
\x08sZ\x07\
\x00a\
\x00p\x00p\x00.\x00s\x00v\x00g\
\x00\x10\
\x0c\xa1\x91\x87\
\x00r\
\x00o\x00t\x00a\x00t\x00e\x00-\x00r\x00i\x00g\x00h\x00t\x00.\x00s\x00v\x00g\
\x00\x0f\
\x0e\xc2?'\
\x00r\
\x00o\x00t\x00a\x00t\x00e\x00-\x00l\x00e\x00f\x00t\x00.\x00s\x00v\x00g\
\x00\x09\
\x08\x97\xaf\x87\
\x00s\
\x00t\x00a\x00r\x00t\x00.\x00s\x00v\x00g\
\x00\x0c\
\x06\xeb\x9ag\
\x00z\
\x00o\x00o\x00m\x00-\x00o\x00u\x00t\x00.\x00s\x00v\x00g\
"

qt_resource_struct = b"\
\x00\x00\x00\x00\x00\x02\x00\x00\x00\x01\x00\x00\x00\x01\
\x00\x00\x00\x00\x00\x02\x00\x00\x00\x08\x00\x00\x00\x02\
\x00\x00\x00\x10\x00\x00\x00\x00\x00\x01\x00\x00\x00\x00\
\x00\x00\x00,\x00\x00\x00\x00\x00\x01\x00\x00\x01d\
\x00\x00\x00\xcc\x00\x00\x00\x00\x00\x01\x00\x00\x0a=\
\x00\x00\x00V\x00\x00\x00\x00\x00\x01\x00\x00\x04\xa2\
\x00\x00\x00\xb4\x00\x00\x00\x00\x00\x01\x00\x00\x09\x09\
\x00\x00\x00j\x00\x00\x00\x00\x00\x01\x00\x00\x06\xff\
\x00\x00\x00B\x00\x00\x00\x00\x00\x01\x00\x00\x03-\
\x00\x00\x00\x90\x00\x00\x00\x00\x00\x01\x00\x00\x08\x06\
"

def qInitResources():
    QtCore.qRegisterResourceData(0x01, qt_resource_struct, qt_resource_name, qt_resource_data)

def qCleanupResources():
    QtCore.qUnregisterResourceData(0x01, qt_resource_struct, qt_resource_name, qt_resource_data)

qInitResources()
