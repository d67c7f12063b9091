# breakdown.gp - the CU area breakdown by group (scripts/area.sh runs it).
# Variables (gnuplot -e): datafile (groups.dat of sicu-area: "group" logic+flops
# memory share, in thousands of NAND2-eq), outfile, term (svg|png), cfgname.
if (term eq 'svg') {
    set terminal svg size 900,520 dynamic font 'sans,12' background '#ffffff'
} else {
    set terminal pngcairo size 900,520 font 'sans,11'
}
set output outfile
set title sprintf('sicu CU area by group (%s)', cfgname) noenhanced
set ylabel 'thousands of NAND2-equivalents'
set style data histograms
set style histogram rowstacked
set style fill solid 0.85 border -1
set boxwidth 0.6
set key top right
set grid ytics
set xtics noenhanced rotate by -20 scale 0
set yrange [0:*]
set offsets 0, 0, graph 0.12, 0
plot datafile using 2:xtic(1) title 'logic + flip-flops' lc rgb '#4477aa', \
     '' using 3 title 'RAM/ROM bit cells' lc rgb '#ee8866', \
     '' using 0:($2+$3):(sprintf('%.1f%%', $4)) with labels offset 0,0.8 notitle
