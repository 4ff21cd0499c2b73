package eval

import (
	"fmt"
	"os"
	"sync"

	"goeval/judge"
)

// judgeFile is the parameter file of the estimator "judge" (LoadJudgeParams),
// read once and parsed for every judge built, so that no two judges share
// a Params' memory.
var judgeFile struct {
	sync.Mutex
	path string
	data []byte
}

// LoadJudgeParams makes the parameters in the JSON file at path, as goeval
// tune --write writes them, those of the estimator "judge" (and so of
// everything that judges by it: goeval FILE, the GTP scores and dead
// stones, the move model's owner feature); the shipped ones, compiled in
// from judge/params.json, are used otherwise. judge-playouts keeps its
// own. Its errors name the file.
func LoadJudgeParams(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	if _, err := judge.ParseParams(data); err != nil {
		return fmt.Errorf("%s: %w (want the JSON that goeval tune --write writes)", path, err)
	}
	judgeFile.Lock()
	defer judgeFile.Unlock()
	judgeFile.path, judgeFile.data = path, data
	return nil
}

// JudgeParams returns the parameters of the estimator "judge": those of
// the file LoadJudgeParams read, with its path, or the shipped ones and "".
func JudgeParams() (judge.Params, string) {
	judgeFile.Lock()
	defer judgeFile.Unlock()
	if judgeFile.data == nil {
		return judge.Default(), ""
	}
	p, err := judge.ParseParams(judgeFile.data)
	if err != nil {
		panic("eval: judge parameters checked by LoadJudgeParams: " + err.Error())
	}
	return p, judgeFile.path
}

// ResetJudgeParams goes back to the shipped parameters (for tests).
func ResetJudgeParams() {
	judgeFile.Lock()
	defer judgeFile.Unlock()
	judgeFile.path, judgeFile.data = "", nil
}
