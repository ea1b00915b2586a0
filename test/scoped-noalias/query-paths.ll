; The query path's shortcuts (the table of accesses seen, the recent
; answers by list pointers, which rest while questions do not repeat, the
; plain "may alias" of lists without a domain bit in common) change no
; answer: 240 accesses, the first 120 over 120 lists in 30 domains, the
; rest over 6 lists in 2 domains, some with one list or none; 50220
; questions, enough for the recent answers to rest and be used again.
; Every answer is LLVM's.
;
; RUN: %opt-llvm -aa-pipeline=scoped-noalias-aa -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s > %t.llvm 2>&1
; RUN: %opt -aa-pipeline=rust-scoped-noalias -passes=aa-eval -evaluate-aa-metadata -print-all-alias-modref-info -disable-output %s > %t.ours 2>&1
; RUN: diff %t.llvm %t.ours
; RUN: FileCheck %s < %t.ours
;
; Both answers occur, often.
; CHECK: 50220 Total Alias Queries Performed
; CHECK: {{[1-9][0-9][0-9][0-9]+}} no alias responses
; CHECK: {{[1-9][0-9][0-9][0-9]+}} may alias responses

define void @f(ptr %base) {
  %p0 = getelementptr i32, ptr %base, i64 0
  %v0 = load i32, ptr %p0, align 4
  %p1 = getelementptr i32, ptr %base, i64 1
  store i32 1, ptr %p1, align 4, !alias.scope !269, !noalias !270
  %p2 = getelementptr i32, ptr %base, i64 2
  %v2 = load i32, ptr %p2, align 4, !alias.scope !181, !noalias !199
  %p3 = getelementptr i32, ptr %base, i64 3
  store i32 3, ptr %p3, align 4, !alias.scope !177
  %p4 = getelementptr i32, ptr %base, i64 4
  %v4 = load i32, ptr %p4, align 4, !alias.scope !160, !noalias !235
  %p5 = getelementptr i32, ptr %base, i64 5
  store i32 5, ptr %p5, align 4, !noalias !261
  %p6 = getelementptr i32, ptr %base, i64 6
  %v6 = load i32, ptr %p6, align 4, !alias.scope !213, !noalias !222
  %p7 = getelementptr i32, ptr %base, i64 7
  store i32 7, ptr %p7, align 4, !alias.scope !214, !noalias !250
  %p8 = getelementptr i32, ptr %base, i64 8
  %v8 = load i32, ptr %p8, align 4, !alias.scope !191, !noalias !267
  %p9 = getelementptr i32, ptr %base, i64 9
  store i32 9, ptr %p9, align 4, !alias.scope !260, !noalias !161
  %p10 = getelementptr i32, ptr %base, i64 10
  %v10 = load i32, ptr %p10, align 4, !alias.scope !167, !noalias !172
  %p11 = getelementptr i32, ptr %base, i64 11
  store i32 11, ptr %p11, align 4, !alias.scope !274, !noalias !180
  %p12 = getelementptr i32, ptr %base, i64 12
  %v12 = load i32, ptr %p12, align 4, !alias.scope !230, !noalias !239
  %p13 = getelementptr i32, ptr %base, i64 13
  store i32 13, ptr %p13, align 4, !alias.scope !227
  %p14 = getelementptr i32, ptr %base, i64 14
  %v14 = load i32, ptr %p14, align 4, !alias.scope !259, !noalias !250
  %p15 = getelementptr i32, ptr %base, i64 15
  store i32 15, ptr %p15, align 4, !alias.scope !188, !noalias !237
  %p16 = getelementptr i32, ptr %base, i64 16
  %v16 = load i32, ptr %p16, align 4, !alias.scope !176, !noalias !164
  %p17 = getelementptr i32, ptr %base, i64 17
  store i32 17, ptr %p17, align 4
  %p18 = getelementptr i32, ptr %base, i64 18
  %v18 = load i32, ptr %p18, align 4, !noalias !212
  %p19 = getelementptr i32, ptr %base, i64 19
  store i32 19, ptr %p19, align 4, !alias.scope !163, !noalias !247
  %p20 = getelementptr i32, ptr %base, i64 20
  %v20 = load i32, ptr %p20, align 4, !alias.scope !198, !noalias !262
  %p21 = getelementptr i32, ptr %base, i64 21
  store i32 21, ptr %p21, align 4, !alias.scope !237, !noalias !252
  %p22 = getelementptr i32, ptr %base, i64 22
  %v22 = load i32, ptr %p22, align 4, !alias.scope !225, !noalias !257
  %p23 = getelementptr i32, ptr %base, i64 23
  store i32 23, ptr %p23, align 4, !alias.scope !191
  %p24 = getelementptr i32, ptr %base, i64 24
  %v24 = load i32, ptr %p24, align 4, !alias.scope !233, !noalias !221
  %p25 = getelementptr i32, ptr %base, i64 25
  store i32 25, ptr %p25, align 4, !alias.scope !169, !noalias !241
  %p26 = getelementptr i32, ptr %base, i64 26
  %v26 = load i32, ptr %p26, align 4, !alias.scope !263, !noalias !223
  %p27 = getelementptr i32, ptr %base, i64 27
  store i32 27, ptr %p27, align 4, !alias.scope !179, !noalias !206
  %p28 = getelementptr i32, ptr %base, i64 28
  %v28 = load i32, ptr %p28, align 4, !alias.scope !190, !noalias !189
  %p29 = getelementptr i32, ptr %base, i64 29
  store i32 29, ptr %p29, align 4, !alias.scope !178, !noalias !221
  %p30 = getelementptr i32, ptr %base, i64 30
  %v30 = load i32, ptr %p30, align 4, !alias.scope !246, !noalias !242
  %p31 = getelementptr i32, ptr %base, i64 31
  store i32 31, ptr %p31, align 4, !noalias !234
  %p32 = getelementptr i32, ptr %base, i64 32
  %v32 = load i32, ptr %p32, align 4, !alias.scope !258, !noalias !216
  %p33 = getelementptr i32, ptr %base, i64 33
  store i32 33, ptr %p33, align 4, !alias.scope !165
  %p34 = getelementptr i32, ptr %base, i64 34
  %v34 = load i32, ptr %p34, align 4
  %p35 = getelementptr i32, ptr %base, i64 35
  store i32 35, ptr %p35, align 4, !alias.scope !210, !noalias !217
  %p36 = getelementptr i32, ptr %base, i64 36
  %v36 = load i32, ptr %p36, align 4, !alias.scope !204, !noalias !247
  %p37 = getelementptr i32, ptr %base, i64 37
  store i32 37, ptr %p37, align 4, !alias.scope !185, !noalias !248
  %p38 = getelementptr i32, ptr %base, i64 38
  %v38 = load i32, ptr %p38, align 4, !alias.scope !163, !noalias !174
  %p39 = getelementptr i32, ptr %base, i64 39
  store i32 39, ptr %p39, align 4, !alias.scope !220, !noalias !254
  %p40 = getelementptr i32, ptr %base, i64 40
  %v40 = load i32, ptr %p40, align 4, !alias.scope !255, !noalias !234
  %p41 = getelementptr i32, ptr %base, i64 41
  store i32 41, ptr %p41, align 4, !alias.scope !175, !noalias !176
  %p42 = getelementptr i32, ptr %base, i64 42
  %v42 = load i32, ptr %p42, align 4, !alias.scope !253, !noalias !216
  %p43 = getelementptr i32, ptr %base, i64 43
  store i32 43, ptr %p43, align 4, !alias.scope !224
  %p44 = getelementptr i32, ptr %base, i64 44
  %v44 = load i32, ptr %p44, align 4, !noalias !158
  %p45 = getelementptr i32, ptr %base, i64 45
  store i32 45, ptr %p45, align 4, !alias.scope !188, !noalias !210
  %p46 = getelementptr i32, ptr %base, i64 46
  %v46 = load i32, ptr %p46, align 4, !alias.scope !271, !noalias !225
  %p47 = getelementptr i32, ptr %base, i64 47
  store i32 47, ptr %p47, align 4, !alias.scope !176, !noalias !169
  %p48 = getelementptr i32, ptr %base, i64 48
  %v48 = load i32, ptr %p48, align 4, !alias.scope !208, !noalias !229
  %p49 = getelementptr i32, ptr %base, i64 49
  store i32 49, ptr %p49, align 4, !alias.scope !196, !noalias !218
  %p50 = getelementptr i32, ptr %base, i64 50
  %v50 = load i32, ptr %p50, align 4, !alias.scope !212, !noalias !277
  %p51 = getelementptr i32, ptr %base, i64 51
  store i32 51, ptr %p51, align 4
  %p52 = getelementptr i32, ptr %base, i64 52
  %v52 = load i32, ptr %p52, align 4, !alias.scope !167, !noalias !162
  %p53 = getelementptr i32, ptr %base, i64 53
  store i32 53, ptr %p53, align 4, !alias.scope !245
  %p54 = getelementptr i32, ptr %base, i64 54
  %v54 = load i32, ptr %p54, align 4, !alias.scope !255, !noalias !251
  %p55 = getelementptr i32, ptr %base, i64 55
  store i32 55, ptr %p55, align 4, !alias.scope !236, !noalias !187
  %p56 = getelementptr i32, ptr %base, i64 56
  %v56 = load i32, ptr %p56, align 4, !alias.scope !195, !noalias !190
  %p57 = getelementptr i32, ptr %base, i64 57
  store i32 57, ptr %p57, align 4, !noalias !228
  %p58 = getelementptr i32, ptr %base, i64 58
  %v58 = load i32, ptr %p58, align 4, !alias.scope !267, !noalias !188
  %p59 = getelementptr i32, ptr %base, i64 59
  store i32 59, ptr %p59, align 4, !alias.scope !211, !noalias !217
  %p60 = getelementptr i32, ptr %base, i64 60
  %v60 = load i32, ptr %p60, align 4, !alias.scope !169, !noalias !277
  %p61 = getelementptr i32, ptr %base, i64 61
  store i32 61, ptr %p61, align 4, !alias.scope !187, !noalias !204
  %p62 = getelementptr i32, ptr %base, i64 62
  %v62 = load i32, ptr %p62, align 4, !alias.scope !197, !noalias !201
  %p63 = getelementptr i32, ptr %base, i64 63
  store i32 63, ptr %p63, align 4, !alias.scope !276
  %p64 = getelementptr i32, ptr %base, i64 64
  %v64 = load i32, ptr %p64, align 4, !alias.scope !185, !noalias !163
  %p65 = getelementptr i32, ptr %base, i64 65
  store i32 65, ptr %p65, align 4, !alias.scope !178, !noalias !209
  %p66 = getelementptr i32, ptr %base, i64 66
  %v66 = load i32, ptr %p66, align 4, !alias.scope !232, !noalias !241
  %p67 = getelementptr i32, ptr %base, i64 67
  store i32 67, ptr %p67, align 4, !alias.scope !165, !noalias !252
  %p68 = getelementptr i32, ptr %base, i64 68
  %v68 = load i32, ptr %p68, align 4
  %p69 = getelementptr i32, ptr %base, i64 69
  store i32 69, ptr %p69, align 4, !alias.scope !201, !noalias !230
  %p70 = getelementptr i32, ptr %base, i64 70
  %v70 = load i32, ptr %p70, align 4, !noalias !274
  %p71 = getelementptr i32, ptr %base, i64 71
  store i32 71, ptr %p71, align 4, !alias.scope !268, !noalias !271
  %p72 = getelementptr i32, ptr %base, i64 72
  %v72 = load i32, ptr %p72, align 4, !alias.scope !233, !noalias !276
  %p73 = getelementptr i32, ptr %base, i64 73
  store i32 73, ptr %p73, align 4, !alias.scope !271
  %p74 = getelementptr i32, ptr %base, i64 74
  %v74 = load i32, ptr %p74, align 4, !alias.scope !217, !noalias !268
  %p75 = getelementptr i32, ptr %base, i64 75
  store i32 75, ptr %p75, align 4, !alias.scope !208, !noalias !277
  %p76 = getelementptr i32, ptr %base, i64 76
  %v76 = load i32, ptr %p76, align 4, !alias.scope !265, !noalias !185
  %p77 = getelementptr i32, ptr %base, i64 77
  store i32 77, ptr %p77, align 4, !alias.scope !206, !noalias !206
  %p78 = getelementptr i32, ptr %base, i64 78
  %v78 = load i32, ptr %p78, align 4, !alias.scope !258, !noalias !164
  %p79 = getelementptr i32, ptr %base, i64 79
  store i32 79, ptr %p79, align 4, !alias.scope !185, !noalias !211
  %p80 = getelementptr i32, ptr %base, i64 80
  %v80 = load i32, ptr %p80, align 4, !alias.scope !202, !noalias !189
  %p81 = getelementptr i32, ptr %base, i64 81
  store i32 81, ptr %p81, align 4, !alias.scope !181, !noalias !259
  %p82 = getelementptr i32, ptr %base, i64 82
  %v82 = load i32, ptr %p82, align 4, !alias.scope !228, !noalias !260
  %p83 = getelementptr i32, ptr %base, i64 83
  store i32 83, ptr %p83, align 4, !alias.scope !178
  %p84 = getelementptr i32, ptr %base, i64 84
  %v84 = load i32, ptr %p84, align 4, !alias.scope !184, !noalias !209
  %p85 = getelementptr i32, ptr %base, i64 85
  store i32 85, ptr %p85, align 4
  %p86 = getelementptr i32, ptr %base, i64 86
  %v86 = load i32, ptr %p86, align 4, !alias.scope !185, !noalias !234
  %p87 = getelementptr i32, ptr %base, i64 87
  store i32 87, ptr %p87, align 4, !alias.scope !217, !noalias !255
  %p88 = getelementptr i32, ptr %base, i64 88
  %v88 = load i32, ptr %p88, align 4, !alias.scope !197, !noalias !218
  %p89 = getelementptr i32, ptr %base, i64 89
  store i32 89, ptr %p89, align 4, !alias.scope !215, !noalias !220
  %p90 = getelementptr i32, ptr %base, i64 90
  %v90 = load i32, ptr %p90, align 4, !alias.scope !238, !noalias !244
  %p91 = getelementptr i32, ptr %base, i64 91
  store i32 91, ptr %p91, align 4, !alias.scope !181, !noalias !268
  %p92 = getelementptr i32, ptr %base, i64 92
  %v92 = load i32, ptr %p92, align 4, !alias.scope !220, !noalias !184
  %p93 = getelementptr i32, ptr %base, i64 93
  store i32 93, ptr %p93, align 4, !alias.scope !227
  %p94 = getelementptr i32, ptr %base, i64 94
  %v94 = load i32, ptr %p94, align 4, !alias.scope !211, !noalias !167
  %p95 = getelementptr i32, ptr %base, i64 95
  store i32 95, ptr %p95, align 4, !alias.scope !164, !noalias !246
  %p96 = getelementptr i32, ptr %base, i64 96
  %v96 = load i32, ptr %p96, align 4, !noalias !204
  %p97 = getelementptr i32, ptr %base, i64 97
  store i32 97, ptr %p97, align 4, !alias.scope !193, !noalias !237
  %p98 = getelementptr i32, ptr %base, i64 98
  %v98 = load i32, ptr %p98, align 4, !alias.scope !160, !noalias !224
  %p99 = getelementptr i32, ptr %base, i64 99
  store i32 99, ptr %p99, align 4, !alias.scope !181, !noalias !252
  %p100 = getelementptr i32, ptr %base, i64 100
  %v100 = load i32, ptr %p100, align 4, !alias.scope !191, !noalias !223
  %p101 = getelementptr i32, ptr %base, i64 101
  store i32 101, ptr %p101, align 4, !alias.scope !208, !noalias !230
  %p102 = getelementptr i32, ptr %base, i64 102
  %v102 = load i32, ptr %p102, align 4
  %p103 = getelementptr i32, ptr %base, i64 103
  store i32 103, ptr %p103, align 4, !alias.scope !276
  %p104 = getelementptr i32, ptr %base, i64 104
  %v104 = load i32, ptr %p104, align 4, !alias.scope !249, !noalias !185
  %p105 = getelementptr i32, ptr %base, i64 105
  store i32 105, ptr %p105, align 4, !alias.scope !192, !noalias !171
  %p106 = getelementptr i32, ptr %base, i64 106
  %v106 = load i32, ptr %p106, align 4, !alias.scope !204, !noalias !165
  %p107 = getelementptr i32, ptr %base, i64 107
  store i32 107, ptr %p107, align 4, !alias.scope !177, !noalias !251
  %p108 = getelementptr i32, ptr %base, i64 108
  %v108 = load i32, ptr %p108, align 4, !alias.scope !277, !noalias !257
  %p109 = getelementptr i32, ptr %base, i64 109
  store i32 109, ptr %p109, align 4, !noalias !175
  %p110 = getelementptr i32, ptr %base, i64 110
  %v110 = load i32, ptr %p110, align 4, !alias.scope !256, !noalias !188
  %p111 = getelementptr i32, ptr %base, i64 111
  store i32 111, ptr %p111, align 4, !alias.scope !250, !noalias !265
  %p112 = getelementptr i32, ptr %base, i64 112
  %v112 = load i32, ptr %p112, align 4, !alias.scope !274, !noalias !173
  %p113 = getelementptr i32, ptr %base, i64 113
  store i32 113, ptr %p113, align 4, !alias.scope !160
  %p114 = getelementptr i32, ptr %base, i64 114
  %v114 = load i32, ptr %p114, align 4, !alias.scope !265, !noalias !207
  %p115 = getelementptr i32, ptr %base, i64 115
  store i32 115, ptr %p115, align 4, !alias.scope !215, !noalias !168
  %p116 = getelementptr i32, ptr %base, i64 116
  %v116 = load i32, ptr %p116, align 4, !alias.scope !267, !noalias !270
  %p117 = getelementptr i32, ptr %base, i64 117
  store i32 117, ptr %p117, align 4, !alias.scope !206, !noalias !199
  %p118 = getelementptr i32, ptr %base, i64 118
  %v118 = load i32, ptr %p118, align 4, !alias.scope !190, !noalias !256
  %p119 = getelementptr i32, ptr %base, i64 119
  store i32 119, ptr %p119, align 4
  %p120 = getelementptr i32, ptr %base, i64 120
  %v120 = load i32, ptr %p120, align 4, !alias.scope !282, !noalias !283
  %p121 = getelementptr i32, ptr %base, i64 121
  store i32 121, ptr %p121, align 4, !alias.scope !278, !noalias !280
  %p122 = getelementptr i32, ptr %base, i64 122
  %v122 = load i32, ptr %p122, align 4, !noalias !282
  %p123 = getelementptr i32, ptr %base, i64 123
  store i32 123, ptr %p123, align 4, !alias.scope !279
  %p124 = getelementptr i32, ptr %base, i64 124
  %v124 = load i32, ptr %p124, align 4, !alias.scope !278, !noalias !279
  %p125 = getelementptr i32, ptr %base, i64 125
  store i32 125, ptr %p125, align 4, !alias.scope !279, !noalias !282
  %p126 = getelementptr i32, ptr %base, i64 126
  %v126 = load i32, ptr %p126, align 4, !alias.scope !282, !noalias !279
  %p127 = getelementptr i32, ptr %base, i64 127
  store i32 127, ptr %p127, align 4, !alias.scope !278, !noalias !279
  %p128 = getelementptr i32, ptr %base, i64 128
  %v128 = load i32, ptr %p128, align 4, !alias.scope !280, !noalias !281
  %p129 = getelementptr i32, ptr %base, i64 129
  store i32 129, ptr %p129, align 4, !alias.scope !281, !noalias !281
  %p130 = getelementptr i32, ptr %base, i64 130
  %v130 = load i32, ptr %p130, align 4, !alias.scope !282, !noalias !283
  %p131 = getelementptr i32, ptr %base, i64 131
  store i32 131, ptr %p131, align 4, !alias.scope !279, !noalias !282
  %p132 = getelementptr i32, ptr %base, i64 132
  %v132 = load i32, ptr %p132, align 4, !alias.scope !283, !noalias !282
  %p133 = getelementptr i32, ptr %base, i64 133
  store i32 133, ptr %p133, align 4, !alias.scope !280
  %p134 = getelementptr i32, ptr %base, i64 134
  %v134 = load i32, ptr %p134, align 4, !alias.scope !283, !noalias !281
  %p135 = getelementptr i32, ptr %base, i64 135
  store i32 135, ptr %p135, align 4, !noalias !281
  %p136 = getelementptr i32, ptr %base, i64 136
  %v136 = load i32, ptr %p136, align 4
  %p137 = getelementptr i32, ptr %base, i64 137
  store i32 137, ptr %p137, align 4, !alias.scope !279, !noalias !279
  %p138 = getelementptr i32, ptr %base, i64 138
  %v138 = load i32, ptr %p138, align 4, !alias.scope !280, !noalias !282
  %p139 = getelementptr i32, ptr %base, i64 139
  store i32 139, ptr %p139, align 4, !alias.scope !283, !noalias !281
  %p140 = getelementptr i32, ptr %base, i64 140
  %v140 = load i32, ptr %p140, align 4, !alias.scope !281, !noalias !279
  %p141 = getelementptr i32, ptr %base, i64 141
  store i32 141, ptr %p141, align 4, !alias.scope !281, !noalias !282
  %p142 = getelementptr i32, ptr %base, i64 142
  %v142 = load i32, ptr %p142, align 4, !alias.scope !280, !noalias !279
  %p143 = getelementptr i32, ptr %base, i64 143
  store i32 143, ptr %p143, align 4, !alias.scope !278
  %p144 = getelementptr i32, ptr %base, i64 144
  %v144 = load i32, ptr %p144, align 4, !alias.scope !280, !noalias !280
  %p145 = getelementptr i32, ptr %base, i64 145
  store i32 145, ptr %p145, align 4, !alias.scope !282, !noalias !279
  %p146 = getelementptr i32, ptr %base, i64 146
  %v146 = load i32, ptr %p146, align 4, !alias.scope !279, !noalias !278
  %p147 = getelementptr i32, ptr %base, i64 147
  store i32 147, ptr %p147, align 4, !alias.scope !278, !noalias !283
  %p148 = getelementptr i32, ptr %base, i64 148
  %v148 = load i32, ptr %p148, align 4, !noalias !281
  %p149 = getelementptr i32, ptr %base, i64 149
  store i32 149, ptr %p149, align 4, !alias.scope !282, !noalias !278
  %p150 = getelementptr i32, ptr %base, i64 150
  %v150 = load i32, ptr %p150, align 4, !alias.scope !283, !noalias !280
  %p151 = getelementptr i32, ptr %base, i64 151
  store i32 151, ptr %p151, align 4, !alias.scope !283, !noalias !283
  %p152 = getelementptr i32, ptr %base, i64 152
  %v152 = load i32, ptr %p152, align 4, !alias.scope !278, !noalias !279
  %p153 = getelementptr i32, ptr %base, i64 153
  store i32 153, ptr %p153, align 4
  %p154 = getelementptr i32, ptr %base, i64 154
  %v154 = load i32, ptr %p154, align 4, !alias.scope !282, !noalias !283
  %p155 = getelementptr i32, ptr %base, i64 155
  store i32 155, ptr %p155, align 4, !alias.scope !280, !noalias !283
  %p156 = getelementptr i32, ptr %base, i64 156
  %v156 = load i32, ptr %p156, align 4, !alias.scope !278, !noalias !280
  %p157 = getelementptr i32, ptr %base, i64 157
  store i32 157, ptr %p157, align 4, !alias.scope !279, !noalias !283
  %p158 = getelementptr i32, ptr %base, i64 158
  %v158 = load i32, ptr %p158, align 4, !alias.scope !280, !noalias !278
  %p159 = getelementptr i32, ptr %base, i64 159
  store i32 159, ptr %p159, align 4, !alias.scope !281, !noalias !278
  %p160 = getelementptr i32, ptr %base, i64 160
  %v160 = load i32, ptr %p160, align 4, !alias.scope !281, !noalias !281
  %p161 = getelementptr i32, ptr %base, i64 161
  store i32 161, ptr %p161, align 4, !noalias !281
  %p162 = getelementptr i32, ptr %base, i64 162
  %v162 = load i32, ptr %p162, align 4, !alias.scope !281, !noalias !280
  %p163 = getelementptr i32, ptr %base, i64 163
  store i32 163, ptr %p163, align 4, !alias.scope !280
  %p164 = getelementptr i32, ptr %base, i64 164
  %v164 = load i32, ptr %p164, align 4, !alias.scope !283, !noalias !280
  %p165 = getelementptr i32, ptr %base, i64 165
  store i32 165, ptr %p165, align 4, !alias.scope !279, !noalias !279
  %p166 = getelementptr i32, ptr %base, i64 166
  %v166 = load i32, ptr %p166, align 4, !alias.scope !281, !noalias !279
  %p167 = getelementptr i32, ptr %base, i64 167
  store i32 167, ptr %p167, align 4, !alias.scope !281, !noalias !279
  %p168 = getelementptr i32, ptr %base, i64 168
  %v168 = load i32, ptr %p168, align 4, !alias.scope !280, !noalias !283
  %p169 = getelementptr i32, ptr %base, i64 169
  store i32 169, ptr %p169, align 4, !alias.scope !283, !noalias !279
  %p170 = getelementptr i32, ptr %base, i64 170
  %v170 = load i32, ptr %p170, align 4
  %p171 = getelementptr i32, ptr %base, i64 171
  store i32 171, ptr %p171, align 4, !alias.scope !282, !noalias !278
  %p172 = getelementptr i32, ptr %base, i64 172
  %v172 = load i32, ptr %p172, align 4, !alias.scope !283, !noalias !280
  %p173 = getelementptr i32, ptr %base, i64 173
  store i32 173, ptr %p173, align 4, !alias.scope !281
  %p174 = getelementptr i32, ptr %base, i64 174
  %v174 = load i32, ptr %p174, align 4, !noalias !282
  %p175 = getelementptr i32, ptr %base, i64 175
  store i32 175, ptr %p175, align 4, !alias.scope !280, !noalias !283
  %p176 = getelementptr i32, ptr %base, i64 176
  %v176 = load i32, ptr %p176, align 4, !alias.scope !282, !noalias !280
  %p177 = getelementptr i32, ptr %base, i64 177
  store i32 177, ptr %p177, align 4, !alias.scope !283, !noalias !278
  %p178 = getelementptr i32, ptr %base, i64 178
  %v178 = load i32, ptr %p178, align 4, !alias.scope !281, !noalias !278
  %p179 = getelementptr i32, ptr %base, i64 179
  store i32 179, ptr %p179, align 4, !alias.scope !280, !noalias !278
  %p180 = getelementptr i32, ptr %base, i64 180
  %v180 = load i32, ptr %p180, align 4, !alias.scope !281, !noalias !280
  %p181 = getelementptr i32, ptr %base, i64 181
  store i32 181, ptr %p181, align 4, !alias.scope !278, !noalias !281
  %p182 = getelementptr i32, ptr %base, i64 182
  %v182 = load i32, ptr %p182, align 4, !alias.scope !281, !noalias !282
  %p183 = getelementptr i32, ptr %base, i64 183
  store i32 183, ptr %p183, align 4, !alias.scope !280
  %p184 = getelementptr i32, ptr %base, i64 184
  %v184 = load i32, ptr %p184, align 4, !alias.scope !283, !noalias !280
  %p185 = getelementptr i32, ptr %base, i64 185
  store i32 185, ptr %p185, align 4, !alias.scope !280, !noalias !278
  %p186 = getelementptr i32, ptr %base, i64 186
  %v186 = load i32, ptr %p186, align 4, !alias.scope !278, !noalias !278
  %p187 = getelementptr i32, ptr %base, i64 187
  store i32 187, ptr %p187, align 4
  %p188 = getelementptr i32, ptr %base, i64 188
  %v188 = load i32, ptr %p188, align 4, !alias.scope !280, !noalias !280
  %p189 = getelementptr i32, ptr %base, i64 189
  store i32 189, ptr %p189, align 4, !alias.scope !280, !noalias !282
  %p190 = getelementptr i32, ptr %base, i64 190
  %v190 = load i32, ptr %p190, align 4, !alias.scope !280, !noalias !280
  %p191 = getelementptr i32, ptr %base, i64 191
  store i32 191, ptr %p191, align 4, !alias.scope !283, !noalias !279
  %p192 = getelementptr i32, ptr %base, i64 192
  %v192 = load i32, ptr %p192, align 4, !alias.scope !283, !noalias !281
  %p193 = getelementptr i32, ptr %base, i64 193
  store i32 193, ptr %p193, align 4, !alias.scope !281
  %p194 = getelementptr i32, ptr %base, i64 194
  %v194 = load i32, ptr %p194, align 4, !alias.scope !280, !noalias !280
  %p195 = getelementptr i32, ptr %base, i64 195
  store i32 195, ptr %p195, align 4, !alias.scope !278, !noalias !282
  %p196 = getelementptr i32, ptr %base, i64 196
  %v196 = load i32, ptr %p196, align 4, !alias.scope !283, !noalias !279
  %p197 = getelementptr i32, ptr %base, i64 197
  store i32 197, ptr %p197, align 4, !alias.scope !278, !noalias !283
  %p198 = getelementptr i32, ptr %base, i64 198
  %v198 = load i32, ptr %p198, align 4, !alias.scope !278, !noalias !282
  %p199 = getelementptr i32, ptr %base, i64 199
  store i32 199, ptr %p199, align 4, !alias.scope !282, !noalias !281
  %p200 = getelementptr i32, ptr %base, i64 200
  %v200 = load i32, ptr %p200, align 4, !noalias !281
  %p201 = getelementptr i32, ptr %base, i64 201
  store i32 201, ptr %p201, align 4, !alias.scope !278, !noalias !280
  %p202 = getelementptr i32, ptr %base, i64 202
  %v202 = load i32, ptr %p202, align 4, !alias.scope !278, !noalias !281
  %p203 = getelementptr i32, ptr %base, i64 203
  store i32 203, ptr %p203, align 4, !alias.scope !281
  %p204 = getelementptr i32, ptr %base, i64 204
  %v204 = load i32, ptr %p204, align 4
  %p205 = getelementptr i32, ptr %base, i64 205
  store i32 205, ptr %p205, align 4, !alias.scope !281, !noalias !278
  %p206 = getelementptr i32, ptr %base, i64 206
  %v206 = load i32, ptr %p206, align 4, !alias.scope !279, !noalias !283
  %p207 = getelementptr i32, ptr %base, i64 207
  store i32 207, ptr %p207, align 4, !alias.scope !282, !noalias !280
  %p208 = getelementptr i32, ptr %base, i64 208
  %v208 = load i32, ptr %p208, align 4, !alias.scope !280, !noalias !281
  %p209 = getelementptr i32, ptr %base, i64 209
  store i32 209, ptr %p209, align 4, !alias.scope !280, !noalias !281
  %p210 = getelementptr i32, ptr %base, i64 210
  %v210 = load i32, ptr %p210, align 4, !alias.scope !278, !noalias !279
  %p211 = getelementptr i32, ptr %base, i64 211
  store i32 211, ptr %p211, align 4, !alias.scope !282, !noalias !279
  %p212 = getelementptr i32, ptr %base, i64 212
  %v212 = load i32, ptr %p212, align 4, !alias.scope !280, !noalias !279
  %p213 = getelementptr i32, ptr %base, i64 213
  store i32 213, ptr %p213, align 4, !alias.scope !280
  %p214 = getelementptr i32, ptr %base, i64 214
  %v214 = load i32, ptr %p214, align 4, !alias.scope !279, !noalias !279
  %p215 = getelementptr i32, ptr %base, i64 215
  store i32 215, ptr %p215, align 4, !alias.scope !282, !noalias !278
  %p216 = getelementptr i32, ptr %base, i64 216
  %v216 = load i32, ptr %p216, align 4, !alias.scope !282, !noalias !281
  %p217 = getelementptr i32, ptr %base, i64 217
  store i32 217, ptr %p217, align 4, !alias.scope !278, !noalias !279
  %p218 = getelementptr i32, ptr %base, i64 218
  %v218 = load i32, ptr %p218, align 4, !alias.scope !282, !noalias !281
  %p219 = getelementptr i32, ptr %base, i64 219
  store i32 219, ptr %p219, align 4, !alias.scope !283, !noalias !282
  %p220 = getelementptr i32, ptr %base, i64 220
  %v220 = load i32, ptr %p220, align 4, !alias.scope !278, !noalias !282
  %p221 = getelementptr i32, ptr %base, i64 221
  store i32 221, ptr %p221, align 4
  %p222 = getelementptr i32, ptr %base, i64 222
  %v222 = load i32, ptr %p222, align 4, !alias.scope !282, !noalias !283
  %p223 = getelementptr i32, ptr %base, i64 223
  store i32 223, ptr %p223, align 4, !alias.scope !280
  %p224 = getelementptr i32, ptr %base, i64 224
  %v224 = load i32, ptr %p224, align 4, !alias.scope !280, !noalias !278
  %p225 = getelementptr i32, ptr %base, i64 225
  store i32 225, ptr %p225, align 4, !alias.scope !278, !noalias !280
  %p226 = getelementptr i32, ptr %base, i64 226
  %v226 = load i32, ptr %p226, align 4, !noalias !279
  %p227 = getelementptr i32, ptr %base, i64 227
  store i32 227, ptr %p227, align 4, !alias.scope !283, !noalias !281
  %p228 = getelementptr i32, ptr %base, i64 228
  %v228 = load i32, ptr %p228, align 4, !alias.scope !283, !noalias !279
  %p229 = getelementptr i32, ptr %base, i64 229
  store i32 229, ptr %p229, align 4, !alias.scope !279, !noalias !279
  %p230 = getelementptr i32, ptr %base, i64 230
  %v230 = load i32, ptr %p230, align 4, !alias.scope !279, !noalias !280
  %p231 = getelementptr i32, ptr %base, i64 231
  store i32 231, ptr %p231, align 4, !alias.scope !282, !noalias !283
  %p232 = getelementptr i32, ptr %base, i64 232
  %v232 = load i32, ptr %p232, align 4, !alias.scope !281, !noalias !282
  %p233 = getelementptr i32, ptr %base, i64 233
  store i32 233, ptr %p233, align 4, !alias.scope !280
  %p234 = getelementptr i32, ptr %base, i64 234
  %v234 = load i32, ptr %p234, align 4, !alias.scope !281, !noalias !280
  %p235 = getelementptr i32, ptr %base, i64 235
  store i32 235, ptr %p235, align 4, !alias.scope !280, !noalias !283
  %p236 = getelementptr i32, ptr %base, i64 236
  %v236 = load i32, ptr %p236, align 4, !alias.scope !283, !noalias !282
  %p237 = getelementptr i32, ptr %base, i64 237
  store i32 237, ptr %p237, align 4, !alias.scope !281, !noalias !279
  %p238 = getelementptr i32, ptr %base, i64 238
  %v238 = load i32, ptr %p238, align 4
  %p239 = getelementptr i32, ptr %base, i64 239
  store i32 239, ptr %p239, align 4, !noalias !279
  ret void
}
!0 = distinct !{!0, !"domain 0"}
!1 = distinct !{!1, !0, !"scope 0.0"}
!2 = distinct !{!2, !0, !"scope 0.1"}
!3 = distinct !{!3, !0, !"scope 0.2"}
!4 = distinct !{!4, !0, !"scope 0.3"}
!5 = distinct !{!5, !"domain 1"}
!6 = distinct !{!6, !5, !"scope 1.0"}
!7 = distinct !{!7, !5, !"scope 1.1"}
!8 = distinct !{!8, !5, !"scope 1.2"}
!9 = distinct !{!9, !5, !"scope 1.3"}
!10 = distinct !{!10, !"domain 2"}
!11 = distinct !{!11, !10, !"scope 2.0"}
!12 = distinct !{!12, !10, !"scope 2.1"}
!13 = distinct !{!13, !10, !"scope 2.2"}
!14 = distinct !{!14, !10, !"scope 2.3"}
!15 = distinct !{!15, !"domain 3"}
!16 = distinct !{!16, !15, !"scope 3.0"}
!17 = distinct !{!17, !15, !"scope 3.1"}
!18 = distinct !{!18, !15, !"scope 3.2"}
!19 = distinct !{!19, !15, !"scope 3.3"}
!20 = distinct !{!20, !"domain 4"}
!21 = distinct !{!21, !20, !"scope 4.0"}
!22 = distinct !{!22, !20, !"scope 4.1"}
!23 = distinct !{!23, !20, !"scope 4.2"}
!24 = distinct !{!24, !20, !"scope 4.3"}
!25 = distinct !{!25, !"domain 5"}
!26 = distinct !{!26, !25, !"scope 5.0"}
!27 = distinct !{!27, !25, !"scope 5.1"}
!28 = distinct !{!28, !25, !"scope 5.2"}
!29 = distinct !{!29, !25, !"scope 5.3"}
!30 = distinct !{!30, !"domain 6"}
!31 = distinct !{!31, !30, !"scope 6.0"}
!32 = distinct !{!32, !30, !"scope 6.1"}
!33 = distinct !{!33, !30, !"scope 6.2"}
!34 = distinct !{!34, !30, !"scope 6.3"}
!35 = distinct !{!35, !"domain 7"}
!36 = distinct !{!36, !35, !"scope 7.0"}
!37 = distinct !{!37, !35, !"scope 7.1"}
!38 = distinct !{!38, !35, !"scope 7.2"}
!39 = distinct !{!39, !35, !"scope 7.3"}
!40 = distinct !{!40, !"domain 8"}
!41 = distinct !{!41, !40, !"scope 8.0"}
!42 = distinct !{!42, !40, !"scope 8.1"}
!43 = distinct !{!43, !40, !"scope 8.2"}
!44 = distinct !{!44, !40, !"scope 8.3"}
!45 = distinct !{!45, !"domain 9"}
!46 = distinct !{!46, !45, !"scope 9.0"}
!47 = distinct !{!47, !45, !"scope 9.1"}
!48 = distinct !{!48, !45, !"scope 9.2"}
!49 = distinct !{!49, !45, !"scope 9.3"}
!50 = distinct !{!50, !"domain 10"}
!51 = distinct !{!51, !50, !"scope 10.0"}
!52 = distinct !{!52, !50, !"scope 10.1"}
!53 = distinct !{!53, !50, !"scope 10.2"}
!54 = distinct !{!54, !50, !"scope 10.3"}
!55 = distinct !{!55, !"domain 11"}
!56 = distinct !{!56, !55, !"scope 11.0"}
!57 = distinct !{!57, !55, !"scope 11.1"}
!58 = distinct !{!58, !55, !"scope 11.2"}
!59 = distinct !{!59, !55, !"scope 11.3"}
!60 = distinct !{!60, !"domain 12"}
!61 = distinct !{!61, !60, !"scope 12.0"}
!62 = distinct !{!62, !60, !"scope 12.1"}
!63 = distinct !{!63, !60, !"scope 12.2"}
!64 = distinct !{!64, !60, !"scope 12.3"}
!65 = distinct !{!65, !"domain 13"}
!66 = distinct !{!66, !65, !"scope 13.0"}
!67 = distinct !{!67, !65, !"scope 13.1"}
!68 = distinct !{!68, !65, !"scope 13.2"}
!69 = distinct !{!69, !65, !"scope 13.3"}
!70 = distinct !{!70, !"domain 14"}
!71 = distinct !{!71, !70, !"scope 14.0"}
!72 = distinct !{!72, !70, !"scope 14.1"}
!73 = distinct !{!73, !70, !"scope 14.2"}
!74 = distinct !{!74, !70, !"scope 14.3"}
!75 = distinct !{!75, !"domain 15"}
!76 = distinct !{!76, !75, !"scope 15.0"}
!77 = distinct !{!77, !75, !"scope 15.1"}
!78 = distinct !{!78, !75, !"scope 15.2"}
!79 = distinct !{!79, !75, !"scope 15.3"}
!80 = distinct !{!80, !"domain 16"}
!81 = distinct !{!81, !80, !"scope 16.0"}
!82 = distinct !{!82, !80, !"scope 16.1"}
!83 = distinct !{!83, !80, !"scope 16.2"}
!84 = distinct !{!84, !80, !"scope 16.3"}
!85 = distinct !{!85, !"domain 17"}
!86 = distinct !{!86, !85, !"scope 17.0"}
!87 = distinct !{!87, !85, !"scope 17.1"}
!88 = distinct !{!88, !85, !"scope 17.2"}
!89 = distinct !{!89, !85, !"scope 17.3"}
!90 = distinct !{!90, !"domain 18"}
!91 = distinct !{!91, !90, !"scope 18.0"}
!92 = distinct !{!92, !90, !"scope 18.1"}
!93 = distinct !{!93, !90, !"scope 18.2"}
!94 = distinct !{!94, !90, !"scope 18.3"}
!95 = distinct !{!95, !"domain 19"}
!96 = distinct !{!96, !95, !"scope 19.0"}
!97 = distinct !{!97, !95, !"scope 19.1"}
!98 = distinct !{!98, !95, !"scope 19.2"}
!99 = distinct !{!99, !95, !"scope 19.3"}
!100 = distinct !{!100, !"domain 20"}
!101 = distinct !{!101, !100, !"scope 20.0"}
!102 = distinct !{!102, !100, !"scope 20.1"}
!103 = distinct !{!103, !100, !"scope 20.2"}
!104 = distinct !{!104, !100, !"scope 20.3"}
!105 = distinct !{!105, !"domain 21"}
!106 = distinct !{!106, !105, !"scope 21.0"}
!107 = distinct !{!107, !105, !"scope 21.1"}
!108 = distinct !{!108, !105, !"scope 21.2"}
!109 = distinct !{!109, !105, !"scope 21.3"}
!110 = distinct !{!110, !"domain 22"}
!111 = distinct !{!111, !110, !"scope 22.0"}
!112 = distinct !{!112, !110, !"scope 22.1"}
!113 = distinct !{!113, !110, !"scope 22.2"}
!114 = distinct !{!114, !110, !"scope 22.3"}
!115 = distinct !{!115, !"domain 23"}
!116 = distinct !{!116, !115, !"scope 23.0"}
!117 = distinct !{!117, !115, !"scope 23.1"}
!118 = distinct !{!118, !115, !"scope 23.2"}
!119 = distinct !{!119, !115, !"scope 23.3"}
!120 = distinct !{!120, !"domain 24"}
!121 = distinct !{!121, !120, !"scope 24.0"}
!122 = distinct !{!122, !120, !"scope 24.1"}
!123 = distinct !{!123, !120, !"scope 24.2"}
!124 = distinct !{!124, !120, !"scope 24.3"}
!125 = distinct !{!125, !"domain 25"}
!126 = distinct !{!126, !125, !"scope 25.0"}
!127 = distinct !{!127, !125, !"scope 25.1"}
!128 = distinct !{!128, !125, !"scope 25.2"}
!129 = distinct !{!129, !125, !"scope 25.3"}
!130 = distinct !{!130, !"domain 26"}
!131 = distinct !{!131, !130, !"scope 26.0"}
!132 = distinct !{!132, !130, !"scope 26.1"}
!133 = distinct !{!133, !130, !"scope 26.2"}
!134 = distinct !{!134, !130, !"scope 26.3"}
!135 = distinct !{!135, !"domain 27"}
!136 = distinct !{!136, !135, !"scope 27.0"}
!137 = distinct !{!137, !135, !"scope 27.1"}
!138 = distinct !{!138, !135, !"scope 27.2"}
!139 = distinct !{!139, !135, !"scope 27.3"}
!140 = distinct !{!140, !"domain 28"}
!141 = distinct !{!141, !140, !"scope 28.0"}
!142 = distinct !{!142, !140, !"scope 28.1"}
!143 = distinct !{!143, !140, !"scope 28.2"}
!144 = distinct !{!144, !140, !"scope 28.3"}
!145 = distinct !{!145, !"domain 29"}
!146 = distinct !{!146, !145, !"scope 29.0"}
!147 = distinct !{!147, !145, !"scope 29.1"}
!148 = distinct !{!148, !145, !"scope 29.2"}
!149 = distinct !{!149, !145, !"scope 29.3"}
!150 = distinct !{!150, !"domain 0"}
!151 = distinct !{!151, !150, !"scope 0.0"}
!152 = distinct !{!152, !150, !"scope 0.1"}
!153 = distinct !{!153, !150, !"scope 0.2"}
!154 = distinct !{!154, !"domain 1"}
!155 = distinct !{!155, !154, !"scope 1.0"}
!156 = distinct !{!156, !154, !"scope 1.1"}
!157 = distinct !{!157, !154, !"scope 1.2"}
!158 = !{!139, !138, !136, !137, !87, !86, !89, !88, !146, !148, !124}
!159 = !{!101, !116, !97, !98, !29}
!160 = !{!72, !73, !94, !91, !93, !133, !132, !131, !134}
!161 = !{!121, !124, !123, !36, !37, !38, !39, !81}
!162 = !{!34, !149, !147, !146, !148}
!163 = !{!51, !52, !54, !12, !13, !46}
!164 = !{!72, !73, !71, !74}
!165 = !{!119, !118, !121, !122, !123, !124}
!166 = !{!41, !44, !43}
!167 = !{!136, !97, !99, !101, !103, !102, !94, !91, !93}
!168 = !{!31, !33}
!169 = !{!59, !58, !99, !96, !73, !71}
!170 = !{!117, !118, !34, !33, !31, !32}
!171 = !{!16}
!172 = !{!38, !37, !39, !36, !116, !119, !114, !113}
!173 = !{!42, !43}
!174 = !{!14, !12, !11}
!175 = !{!8, !7}
!176 = !{!14, !12, !56, !59}
!177 = !{!146, !59, !113, !47, !46, !48}
!178 = !{!88, !87, !59, !119, !9}
!179 = !{!99, !98, !96, !97}
!180 = !{!13}
!181 = !{!119, !117, !116, !118, !51, !52, !54, !61, !62, !148, !146, !147, !149}
!182 = !{!107, !109, !99, !96, !97, !98}
!183 = !{!32, !34, !103, !101, !67, !69}
!184 = !{!131, !142, !141, !144, !138, !136, !137, !139}
!185 = !{!108, !106, !109, !107, !53, !113, !114, !111, !134, !132}
!186 = !{!2, !1, !3, !124}
!187 = !{!101, !103, !104}
!188 = !{!132, !133, !131, !76, !79, !78, !77}
!189 = !{!89, !88, !111, !112, !82, !84, !83, !81}
!190 = !{!64, !62, !61}
!191 = !{!117}
!192 = !{!143, !63, !64, !61}
!193 = !{!83, !84, !82, !81, !11, !14, !13, !12, !7}
!194 = !{!109, !106, !129, !128, !126, !127, !148, !149, !146, !147}
!195 = !{!108, !106, !64, !61, !62, !136}
!196 = !{!1, !2, !4, !3, !89, !9, !7, !6, !8, !82, !84, !83, !81}
!197 = !{!18, !31, !34, !67, !66}
!198 = !{!108, !109, !107}
!199 = !{!99, !78}
!200 = !{!111, !112, !113, !114, !82, !83}
!201 = !{!137, !138, !87, !89, !88}
!202 = !{!31, !34, !122, !123}
!203 = !{!41, !42, !43, !44}
!204 = !{!61, !103, !102}
!205 = !{!112, !111, !114}
!206 = !{!4}
!207 = !{!32, !27, !29}
!208 = !{!92}
!209 = !{!14, !12, !13, !11, !123, !121, !17, !54, !52}
!210 = !{!117, !116, !58, !64}
!211 = !{!83, !82, !81, !94, !91}
!212 = !{!144, !141, !142, !87, !86, !113, !112, !111}
!213 = !{!141, !144, !142}
!214 = !{!52, !53, !51, !54, !32, !33, !31, !34, !106}
!215 = !{!118, !117}
!216 = !{!81, !84, !82, !83, !8, !9, !7, !124, !31}
!217 = !{!149, !148, !29, !64, !62, !63, !61, !78, !77, !79}
!218 = !{!106, !109, !108, !112, !119, !116, !117, !118}
!219 = !{!91, !94, !92}
!220 = !{!44, !122, !123, !36, !9, !6, !8, !7}
!221 = !{!84, !81, !82, !23, !24, !22, !21, !18, !19}
!222 = !{!38, !78, !77, !76}
!223 = !{!122, !123, !36, !33}
!224 = !{!66, !3, !1, !97}
!225 = !{!104, !102, !101, !103, !59, !58, !56}
!226 = !{!129}
!227 = !{!74, !71, !72, !68, !67}
!228 = !{!66, !67, !68, !101}
!229 = !{!93, !91, !94, !92, !76, !78, !134, !133, !132, !107, !106, !109}
!230 = !{!59, !58, !57, !148, !147, !149, !146, !17, !16, !19, !18}
!231 = !{!59, !56, !57, !58}
!232 = !{!132, !131, !93, !91, !94, !92}
!233 = !{!94, !48}
!234 = !{!53}
!235 = !{!141, !144, !143}
!236 = !{!117, !118, !116, !119}
!237 = !{!123, !122, !121, !74, !73, !71, !72, !63, !61, !62, !64}
!238 = !{!86, !89, !87, !102, !101, !103, !104, !3, !1, !84, !83, !82, !81}
!239 = !{!76, !77, !79}
!240 = !{!146, !148, !147, !149, !6, !9, !8}
!241 = !{!32, !34, !31, !33, !92, !94, !93, !91, !39, !37, !36, !38}
!242 = !{!62, !64, !6, !8, !9}
!243 = !{!138, !137, !136, !139}
!244 = !{!67, !69, !66, !26, !29, !28}
!245 = !{!32, !31}
!246 = !{!44, !96, !98, !97, !99, !114, !111}
!247 = !{!127, !126, !129, !128}
!248 = !{!133, !132, !131, !49, !48, !46}
!249 = !{!14, !106, !108, !107, !109, !24, !21, !22, !23}
!250 = !{!122, !124, !3, !2, !4, !1, !137, !136, !139, !128}
!251 = !{!44, !42, !41, !92, !77}
!252 = !{!26, !27, !29, !28, !31, !34}
!253 = !{!66, !67, !68, !69}
!254 = !{!124, !122, !123, !121, !23, !21, !24, !22}
!255 = !{!31, !33, !32, !34, !53, !51, !54, !48, !49, !46}
!256 = !{!97, !98, !82, !22}
!257 = !{!78, !77, !76, !79, !94, !91, !92}
!258 = !{!38, !143, !144}
!259 = !{!18, !147, !148, !149}
!260 = !{!29, !99}
!261 = !{!128, !129, !146, !149, !148, !147}
!262 = !{!9, !23, !24, !83, !81, !61, !63, !64}
!263 = !{!64, !79, !78, !77}
!264 = !{!79, !76, !78, !77, !144, !141, !142, !143, !74, !73, !72}
!265 = !{!122, !129, !49, !46}
!266 = !{!113, !114, !17, !16, !19, !18, !82, !83, !146, !149, !148, !147}
!267 = !{!141, !142, !144, !143}
!268 = !{!51, !52}
!269 = !{!132, !131, !134, !84, !63, !62, !64, !24, !21}
!270 = !{!47, !138, !137, !136}
!271 = !{!102, !101, !141}
!272 = !{!119, !118, !116, !134, !132, !131, !52, !54}
!273 = !{!113, !111}
!274 = !{!83, !82, !81, !108, !106}
!275 = !{!44, !24}
!276 = !{!81}
!277 = !{!87, !42, !41, !43, !66, !69, !68}
!278 = !{!156, !155, !157}
!279 = !{!153}
!280 = !{!157, !153, !151}
!281 = !{!152, !151, !153}
!282 = !{!153, !151, !157, !156, !155}
!283 = !{!153, !151, !152}
