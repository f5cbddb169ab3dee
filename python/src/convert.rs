//! Rule tables between Python and TOML: a dict of rule options (or a rule file's text) read
//! as the command line's `--rules` and `--set` are, and a game's rules back as a dict.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyFloat, PyInt, PyList, PyString, PyTuple};
use pyo3::IntoPyObjectExt;
use senet_engine::variants::Variant;
use senet_simulation::input::rulefile::{Game, RuleError, RuleTable};

/// How deep rule values nest at most (a rule file nests two): a deeper or self-referential
/// value is refused with a `ValueError`, never followed until the interpreter dies.
pub const MAX_DEPTH: usize = 16;

/// A Python value as a TOML value: bool, int, float, str, list or tuple, dict; `depth` is how
/// deep in the rules it is.
fn to_toml(value: &Bound<'_, PyAny>, depth: usize) -> PyResult<toml::Value> {
    if depth > MAX_DEPTH {
        return Err(PyValueError::new_err(format!(
            "rule values nest more than {MAX_DEPTH} deep (a dict or list that holds itself?)"
        )));
    }
    // A bool is an int in Python: asked first.
    if let Ok(b) = value.cast::<PyBool>() {
        return Ok(toml::Value::Boolean(b.is_true()));
    }
    if value.is_instance_of::<PyInt>() {
        return Ok(toml::Value::Integer(value.extract()?));
    }
    if value.is_instance_of::<PyFloat>() {
        return Ok(toml::Value::Float(value.extract()?));
    }
    if value.is_instance_of::<PyString>() {
        return Ok(toml::Value::String(value.extract()?));
    }
    if let Ok(d) = value.cast::<PyDict>() {
        return Ok(toml::Value::Table(to_table(d, depth + 1)?));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items: PyResult<Vec<toml::Value>> = (value.try_iter()?)
            .map(|v| to_toml(&v?, depth + 1))
            .collect();
        return Ok(toml::Value::Array(items?));
    }
    Err(PyTypeError::new_err(format!(
        "a rule value is a bool, int, float, str, list or dict, not {}",
        value.get_type().name()?
    )))
}

/// A dict of rule options as a TOML table, `depth` deep in the rules.
fn to_table(dict: &Bound<'_, PyDict>, depth: usize) -> PyResult<toml::Table> {
    let mut table = toml::Table::new();
    for (k, v) in dict.iter() {
        let key: String = k
            .extract()
            .map_err(|_| PyTypeError::new_err("rule keys are strings"))?;
        table.insert(key, to_toml(&v, depth)?);
    }
    Ok(table)
}

/// A TOML value as a Python value.
fn to_python<'py>(py: Python<'py>, value: &toml::Value) -> PyResult<Bound<'py, PyAny>> {
    match value {
        toml::Value::Boolean(b) => b.into_bound_py_any(py),
        toml::Value::Integer(i) => i.into_bound_py_any(py),
        toml::Value::Float(f) => f.into_bound_py_any(py),
        toml::Value::String(s) => s.into_bound_py_any(py),
        toml::Value::Array(items) => {
            let list = PyList::empty(py);
            for item in items {
                list.append(to_python(py, item)?)?;
            }
            Ok(list.into_any())
        }
        toml::Value::Table(t) => Ok(table_to_dict(py, t)?.into_any()),
        toml::Value::Datetime(d) => d.to_string().into_bound_py_any(py),
    }
}

/// A TOML table as a dict, in the table's order.
pub fn table_to_dict<'py>(py: Python<'py>, table: &toml::Table) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (k, v) in table {
        dict.set_item(k, to_python(py, v)?)?;
    }
    Ok(dict)
}

/// The game of `variant` (an id; default: the rules' own, else tejon) with `rules` over its
/// preset: a dict of rule options (`{"pawns": 3, "device": {"kind": "coins"}}`) or a rule
/// file's text. A wrong key or value is a `ValueError` naming it.
pub fn game_of(variant: Option<&str>, rules: Option<&Bound<'_, PyAny>>) -> PyResult<Game> {
    let variant = variant
        .map(|v| v.parse::<Variant>())
        .transpose()
        .map_err(|e| PyValueError::new_err(e.to_string()))?;
    let table = match rules {
        None => RuleTable::default(),
        Some(r) if r.is_none() => RuleTable::default(),
        Some(r) => match r.cast::<PyDict>() {
            Ok(d) => RuleTable::read(to_table(d, 0)?),
            Err(_) => RuleTable::parse(&r.extract::<String>().map_err(|_| {
                PyTypeError::new_err("rules is a dict of rule options or a rule file's text")
            })?),
        }
        .map_err(rule_error)?,
    };
    table.game(variant, None).map_err(rule_error)
}

/// A rule table's error as a `ValueError`, its key first when it has one.
fn rule_error(e: RuleError) -> PyErr {
    match &e.key {
        Some(key) => PyValueError::new_err(format!("rules: {key}: {e}")),
        None => PyValueError::new_err(format!("rules: {e}")),
    }
}
