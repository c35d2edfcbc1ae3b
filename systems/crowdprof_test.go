package systems_test

import "testing"

func BenchmarkFieldOne(b *testing.B) {
	p, _, _ := fieldCrowd(b, 10000, 1, false)
	for i := 0; i < 60; i++ {
		p.Step()
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		p.Step()
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/10000/1000, "us/char")
	b.Logf("%+v", p.CrowdStats())
}
