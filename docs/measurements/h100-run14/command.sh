set -uo pipefail
STEP_TIMEOUT=300 scripts/gpu_check.sh build tests | tail -5
b=build-gpu/apps
for c in poisson3d_27pt poisson2d_5pt; do
  timeout 60 $b/amg_solve --config configs/$c.cfg --compare-orders cusparse >>$OUT/compare.log 2>&1; echo "compare $c rc=$?"
done
awk -v n=512 'BEGIN{N=n*n; cnt=0; for(i=0;i<N;i++){x=i%n; cnt+=1+(x>0)+(x<n-1)+(i>=n)+(i<N-n)+(i%5==0)}
 print "%%MatrixMarket matrix coordinate real general"; print N, N, cnt;
 for(i=0;i<N;i++){x=i%n; print i+1,i+1,5.5; if(x>0)print i+1,i,-2.5; if(x<n-1)print i+1,i+2,-1; if(i>=n)print i+1,i+1-n,-1; if(i<N-n)print i+1,i+1+n,-1; if(i%5==0)print i+1,(i*7919)%N+1,0.25}}' >/tmp/convdiff512.mtx
timeout 120 $b/spgemm_bench --mtx /tmp/convdiff512.mtx --reps 10 >$OUT/mtx.log 2>&1; echo "mtx rc=$?"
tail -12 $OUT/mtx.log; grep -E "level|order|ms" $OUT/compare.log | head -40
